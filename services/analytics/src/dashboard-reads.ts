// Every read of the dashboard's data over a period of dates, by the route that answers it: the tabs' rows
// the analytics routes serve (periodReads is what routes/analytics-reads.ts registers), and the figures of
// the catalogue. Also an entry point of its own (@bodymetrics/analytics/dashboard-reads): the move from the
// embedded mode to PostgreSQL (services/system's move-to-postgres) reads both databases through these, so
// "the dashboard reads the same" is checked by the code that draws the dashboard.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '@bodymetrics/db';
import type { analyticsRoutes } from '@bodymetrics/contracts';
import { readDailyStats } from './daily-visits.repository';
import { readAffiliateStats, readRecentClicks } from './affiliate.repository';
import { readCampaigns } from './campaigns.repository';
import { readDeviceStats, readGeographicStats, readTrafficSources } from './audience.repository';
import { readConversionsByCategory, readConversionsByDay } from './conversions.repository';
import { readAbandonment, readFunnelStats } from './conversion-funnel.repository';
import type { Period } from './period';

export { readDailyFigures, readFigures } from './figures.repository';
export type { Period } from './period';

type Routes = typeof analyticsRoutes;
type PeriodRead<R extends keyof Routes> = (
  db: Kysely<Database>,
  period: Period,
) => Promise<z.output<Routes[R]['response']>>;

/** The tabs answered by one read of a period each, by the route (analyticsRoutes) they answer. */
export const periodReads = {
  dailyStats: readDailyStats,
  affiliateStats: readAffiliateStats,
  deviceStats: readDeviceStats,
  trafficSources: readTrafficSources,
  campaigns: readCampaigns,
  geographicStats: readGeographicStats,
} as const satisfies { [R in keyof Routes]?: PeriodRead<R> };

/** The most rows Recent Activity lists (its route's `limit` at most). */
const recentClicksShownAtMost = 100;

/**
 * Every tab's rows over a period: the period reads, the User Journey tab's funnel and drop-outs, the
 * conversions by day and by category (named in `currency`), and Recent Activity's newest clicks (which take
 * no period).
 */
export const tabReadsOf = (currency: string) =>
  ({
    ...periodReads,
    funnelStats: readFunnelStats,
    abandonment: readAbandonment,
    conversionsByDay: (db, period) => readConversionsByDay(db, period, currency),
    conversionsByCategory: (db, period) => readConversionsByCategory(db, period, currency),
    recentClicks: (db) => readRecentClicks(db, recentClicksShownAtMost),
  }) satisfies { [R in keyof Routes]?: PeriodRead<R> };
