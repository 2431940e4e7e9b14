// GET /api/analytics/export/<table>.csv: each table the dashboard shows, as a CSV download for the
// operator (beyond the spec). Same readers and same ?from=&to= / ?days= / ?limit= as the JSON routes.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsExportRoutes, figureNames, type RawRoute } from '@bodymetrics/contracts';
import { replyAs, routeOptions } from '@bodymetrics/service-kit';
import { revenueCurrencyOf, type AnalyticsDeps } from '../deps';
import { readConversionsByCategory, readConversionsByDay } from '../conversions.repository';
import { readDailyStats } from '../daily-visits.repository';
import { readFunnelStats } from '../conversion-funnel.repository';
import { readAffiliateStats, readRecentClicks } from '../affiliate.repository';
import { readCampaigns } from '../campaigns.repository';
import { readDeviceStats, readGeographicStats, readTrafficSources } from '../audience.repository';
import { toCsv, type CsvColumn } from '../csv';
import { readDailyFigures } from '../figures.repository';
import { resolvePeriod, todayLabel, type Period } from '../period';
import { notesByDate } from '../annotations/annotations.repository';

interface PeriodExport<Row extends object> {
  read: (deps: AnalyticsDeps, period: Period) => Promise<Row[]>;
  columns: CsvColumn<Row>[];
}
const periodExport = <Row extends object>(
  read: (db: AnalyticsDeps['db'], period: Period) => Promise<Row[]>,
  columns: (keyof Row & string)[],
): PeriodExport<Row> => ({
  read: ({ db }, period) => read(db, period),
  columns: columns.map((key) => ({ key })),
});
/** A period export whose rows name REVENUE_CURRENCY (the conversion tables). */
const moneyExport = <Row extends object>(
  read: (db: AnalyticsDeps['db'], period: Period, currency: string) => Promise<Row[]>,
  columns: (keyof Row & string)[],
): PeriodExport<Row> => ({
  read: (deps, period) => read(deps.db, period, revenueCurrencyOf(deps)),
  columns: columns.map((key) => ({ key })),
});

/** The conversion figures of a row of either conversions export, after what the row is of. */
const conversionColumns = ['clicks', 'conversions', 'conversionRate', 'revenue', 'epc', 'currency'] as const;

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
    // Impressions and click-through.
    'bmiCategory',
    'goal',
    'impressions',
    'ctr',
    'bridgeImpressions',
    'bridgeClicks',
    'bridgeCtr',
    'resultsImpressions',
    'resultsClicks',
    'resultsCtr',
    // Conversions, over clickCount.
    'conversions',
    'conversionRate',
    'revenue',
    'epc',
  ]),
  trafficSources: periodExport(readTrafficSources, [
    'source',
    'medium',
    'referrerDomain',
    'count',
    'conversionRate',
  ]),
  campaigns: periodExport(readCampaigns, [
    'campaign',
    'term',
    'visitors',
    'clicks',
    'conversions',
    'revenue',
  ]),
  deviceStats: periodExport(readDeviceStats, ['deviceType', 'browserName', 'operatingSystem', 'count']),
  geographicStats: periodExport(readGeographicStats, ['timeZone', 'language', 'count']),
  conversionsByDay: moneyExport(readConversionsByDay, ['date', ...conversionColumns]),
  conversionsByCategory: moneyExport(readConversionsByCategory, [
    'bmiCategory',
    'goal',
    ...conversionColumns,
  ]),
  // Every figure of the catalogue, a row per day with any traffic: a new figure is a new column here.
  figures: periodExport(readDailyFigures, ['date', ...figureNames]),
} as const satisfies Record<Exclude<keyof typeof analyticsExportRoutes, 'recentClicks'>, unknown>;

/** An export's name in its path and file name: the JSON route's last path segment (`daily-stats`). */
const exportName = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.csv'.length);

export const exportNames = Object.values(analyticsExportRoutes).map((route) => exportName(route.path));

/**
 * Daily rows (those with a `date`) with the annotations' notes of their date in a column `annotation` (empty
 * on a date without one), so a file says what happened beside the figures; other rows as read.
 */
async function withAnnotations(
  deps: AnalyticsDeps,
  period: Period,
  rows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  if (!rows.some((row) => typeof row.date === 'string')) return rows;
  const notes = await notesByDate(deps.db, period.from, period.to);
  return rows.map((row) =>
    typeof row.date === 'string' ? { ...row, annotation: notes.get(row.date) ?? '' } : row,
  );
}

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
        const period = await resolvePeriod(deps.db, deps.timeZone, request.query);
        const rows = await withAnnotations(
          deps,
          period,
          (await spec.read(deps, period)) as Record<string, unknown>[],
        );
        // The dates, not "30d": a file saved today and opened next month still says what it holds.
        const fileName = `bodymetrics-${name}-${period.from}_${period.to}.csv`;
        const columns: CsvColumn<Record<string, unknown>>[] = spec.columns.some((c) => c.key === 'date')
          ? [...spec.columns, { key: 'annotation' }]
          : spec.columns;
        return send(reply, route, fileName, toCsv(rows, columns));
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
