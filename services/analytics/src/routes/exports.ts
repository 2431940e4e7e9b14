// GET /api/analytics/export/<table>.csv: each table the dashboard shows, as a CSV download for the
// operator (beyond the spec). Same readers and same ?days= / ?limit= as the JSON routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { daysQuerySchema, recentClicksQuerySchema } from '@bodymetrics/contracts';
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

/** Export name → how to read it. The names are the JSON routes' last path segment. */
export const periodExports = {
  'daily-stats': periodExport(readDailyStats, ['date', 'uniqueVisitors', 'totalPageViews']),
  'funnel-stats': periodExport(readFunnelStats, [
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
  'affiliate-stats': periodExport(readAffiliateStats, [
    'offerId',
    'offerTitle',
    'offerUrl',
    'clickCount',
    'uniqueClicks',
    'lastClicked',
  ]),
  'traffic-sources': periodExport(readTrafficSources, [
    'source',
    'medium',
    'referrerDomain',
    'count',
    'conversionRate',
  ]),
  'device-stats': periodExport(readDeviceStats, ['deviceType', 'browserName', 'operatingSystem', 'count']),
  'geographic-stats': periodExport(readGeographicStats, ['timeZone', 'language', 'count']),
} as const;

export const exportNames = [...Object.keys(periodExports), 'recent-clicks'] as const;

export const exportRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, deps) => {
  const send = (reply: { header: (k: string, v: string) => unknown }, fileName: string, csv: string) => {
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    reply.header('cache-control', 'no-store');
    return csv;
  };

  for (const [name, spec] of Object.entries(periodExports) as [string, PeriodExport<object>][]) {
    app.get(
      `/api/analytics/export/${name}.csv`,
      { schema: { querystring: daysQuerySchema } },
      async (request, reply) => {
        const rows = await spec.read(deps, request.query);
        const fileName = `bodymetrics-${name}-${request.query.days}d-${todayLabel(deps.timeZone)}.csv`;
        return send(reply, fileName, toCsv(rows, spec.columns));
      },
    );
  }

  app.get(
    '/api/analytics/export/recent-clicks.csv',
    { schema: { querystring: recentClicksQuerySchema } },
    async (request, reply) => {
      const rows = await readRecentClicks(deps.db, request.query.limit);
      const csv = toCsv(rows, [
        { key: 'clickedAt' },
        { key: 'offerTitle' },
        { key: 'visitorId' },
        { key: 'ipAddress' },
        { key: 'id' },
      ]);
      return send(reply, `bodymetrics-recent-clicks-${todayLabel(deps.timeZone)}.csv`, csv);
    },
  );
};
