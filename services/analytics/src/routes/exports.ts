// GET /api/analytics/export/<table>.csv: each table the dashboard shows, as a CSV download for the
// operator (beyond the spec). Same readers and same ?days= / ?limit= as the JSON routes.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { analyticsExportRoutes, type daysQuerySchema, type RawRoute } from '@bodymetrics/contracts';
import { replyAs, routeOptions } from '@bodymetrics/service-kit';
import type { AnalyticsDeps } from '../deps';
import { readDailyStats } from '../daily-visits.repository';
import { readFunnelStats } from '../conversion-funnel.repository';
import { readAffiliateStats, readRecentClicks } from '../affiliate.repository';
import { readDeviceStats, readGeographicStats, readTrafficSources } from '../audience.repository';
import { toCsv, type CsvColumn } from '../csv';
import { todayLabel } from '../period';

type Days = z.infer<typeof daysQuerySchema>;

interface PeriodExport<Row extends object> {
  read: (deps: AnalyticsDeps, query: Days) => Promise<Row[]>;
  columns: CsvColumn<Row>[];
}
const periodExport = <Row extends object>(
  read: (db: AnalyticsDeps['db'], period: { timeZone: string; days: number }) => Promise<Row[]>,
  columns: (keyof Row & string)[],
): PeriodExport<Row> => ({
  read: ({ db, timeZone }, { days }) => read(db, { timeZone, days }),
  columns: columns.map((key) => ({ key })),
});

/** Export route → how to read it. */
export const periodExports = {
  dailyStats: periodExport(readDailyStats, ['date', 'uniqueVisitors', 'totalPageViews']),
  funnelStats: periodExport(readFunnelStats, [
    'date',
    'landingVisitors',
    'formStarted',
    'formCompleted',
    'resultsViewed',
    'emailProvided',
    'reportSent',
    'bridgeViewed',
    'bridgeAffiliateClicks',
    'bridgeToFullResults',
  ]),
  affiliateStats: periodExport(readAffiliateStats, [
    'offerId',
    'offerTitle',
    'offerUrl',
    'clickCount',
    'uniqueClicks',
    'lastClicked',
  ]),
  trafficSources: periodExport(readTrafficSources, [
    'source',
    'medium',
    'referrerDomain',
    'count',
    'conversionRate',
  ]),
  deviceStats: periodExport(readDeviceStats, ['deviceType', 'browserName', 'operatingSystem', 'count']),
  geographicStats: periodExport(readGeographicStats, ['timeZone', 'language', 'count']),
} as const satisfies Record<Exclude<keyof typeof analyticsExportRoutes, 'recentClicks'>, unknown>;

/** An export's name in its path and file name: the JSON route's last path segment (`daily-stats`). */
const exportName = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.csv'.length);

export const exportNames = Object.values(analyticsExportRoutes).map((route) => exportName(route.path));

export const exportRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, deps) => {
  const send = (reply: FastifyReply, route: RawRoute, fileName: string, csv: string) =>
    replyAs(reply, route)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(csv);

  for (const [key, spec] of Object.entries(periodExports) as [
    keyof typeof periodExports,
    PeriodExport<object>,
  ][]) {
    const route = analyticsExportRoutes[key];
    const name = exportName(route.path);
    app.route({
      ...routeOptions(route),
      handler: async (request, reply) => {
        const rows = await spec.read(deps, request.query);
        const fileName = `bodymetrics-${name}-${request.query.days}d-${todayLabel(deps.timeZone)}.csv`;
        return send(reply, route, fileName, toCsv(rows, spec.columns));
      },
    });
  }

  app.route({
    ...routeOptions(analyticsExportRoutes.recentClicks),
    handler: async (request, reply) => {
      const rows = await readRecentClicks(deps.db, request.query.limit);
      const csv = toCsv(rows, [
        { key: 'clickedAt' },
        { key: 'offerTitle' },
        { key: 'visitorId' },
        { key: 'ipAddress' },
        { key: 'id' },
      ]);
      return send(
        reply,
        analyticsExportRoutes.recentClicks,
        `bodymetrics-recent-clicks-${todayLabel(deps.timeZone)}.csv`,
        csv,
      );
    },
  });
};
