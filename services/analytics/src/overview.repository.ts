// The dashboard's cards (spec §2 "Cards", §3 Overview): today's visit figures, click totals, the
// leading first-touch source of the last 30 days, the share of first-touch visitors who clicked an offer,
// and the bot events left out today — all from the aggregate tables.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@bodymetrics/db';
import type { Overview, PeriodFigures } from '@bodymetrics/contracts';
import { firstDateOf, lastDateOf, periodStartIn, previousPeriod, todayIn, type Period } from './period';
import { readPeriodRevenue } from './conversions.repository';
import { percent, ratio, toNumber } from './numbers';

/** The period the Top Source card looks at, whatever period buttons the dashboard shows. */
const topSourceDays = 30;

/**
 * The figures of the cards over `period`: sums of its daily rows, each ratio computed from the sums (so a
 * quiet day weighs less than a busy one), the top first-touch source and the revenue of its days.
 */
export async function readPeriodFigures(db: Kysely<Database>, period: Period): Promise<PeriodFigures> {
  const [visits, clicks, topSource, conversionRate, revenue] = await Promise.all([
    db
      .selectFrom('daily_visits')
      .select([
        sql<string>`coalesce(sum(unique_visitors), 0)`.as('visitors'),
        sql<string>`coalesce(sum(total_page_views), 0)`.as('page_views'),
        sql<string>`coalesce(sum(mobile_visitors), 0)`.as('mobile_visitors'),
        sql<string>`coalesce(sum(sessions), 0)`.as('sessions'),
        sql<string>`coalesce(sum(bounced_sessions), 0)`.as('bounced_sessions'),
        sql<string>`coalesce(sum(visit_seconds), 0)`.as('visit_seconds'),
      ])
      .where('date', '>=', firstDateOf(period))
      .where('date', '<=', lastDateOf(period))
      .executeTakeFirstOrThrow(),
    // Clicks by the Today's Clicks rule, from the table Affiliate Performance and Total Clicks read.
    db
      .selectFrom('affiliate_daily_clicks')
      .select(sql<string>`coalesce(sum(clicks), 0)`.as('clicks'))
      .where('date', '>=', firstDateOf(period))
      .where('date', '<=', lastDateOf(period))
      .executeTakeFirstOrThrow(),
    readTopSource(db, firstDateOf(period), lastDateOf(period)),
    readConversionRate(db, firstDateOf(period), lastDateOf(period)),
    readPeriodRevenue(db, period),
  ]);
  const visitors = toNumber(visits.visitors);
  const sessions = toNumber(visits.sessions);
  return {
    from: period.from,
    to: period.to,
    visitors,
    pageViews: toNumber(visits.page_views),
    avgSessionTime: ratio(toNumber(visits.visit_seconds), sessions),
    bounceRate: percent(toNumber(visits.bounced_sessions), sessions),
    mobilePercentage: percent(toNumber(visits.mobile_visitors), visitors),
    clicks: toNumber(clicks.clicks),
    conversionRate,
    topTrafficSource: topSource ?? 'direct',
    revenue,
  };
}

/** The source with the most first-touch visitors between two dates (inclusive), or undefined without any. */
async function readTopSource(
  db: Kysely<Database>,
  first: RawBuilder<string>,
  last: RawBuilder<string>,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('daily_traffic')
    .select(['source', sql<string>`sum(visitors)`.as('visitors')])
    .where('date', '>=', first)
    .where('date', '<=', last)
    .groupBy('source')
    .having(sql`sum(visitors)`, '>', 0)
    // Ties go to the alphabetically first source so the card does not flicker between refreshes.
    .orderBy(sql`sum(visitors)`, 'desc')
    .orderBy('source')
    .limit(1)
    .executeTakeFirst();
  return row?.source;
}

/**
 * The conversion rate between two dates (inclusive), whole percent: of the visitors whose first touch fell on
 * those days, the share who clicked at least one offer — the Traffic Sources tab's rate over every source,
 * from the same aggregate (daily_traffic: visitors and `converted` per first-touch day). 0 without visitors.
 */
async function readConversionRate(
  db: Kysely<Database>,
  first: RawBuilder<string>,
  last: RawBuilder<string>,
): Promise<number> {
  const row = await db
    .selectFrom('daily_traffic')
    .select([
      sql<string>`coalesce(sum(visitors), 0)`.as('visitors'),
      sql<string>`coalesce(sum(converted), 0)`.as('converted'),
    ])
    .where('date', '>=', first)
    .where('date', '<=', last)
    .executeTakeFirstOrThrow();
  return percent(toNumber(row.converted), toNumber(row.visitors));
}

/**
 * `period`: the dashboard's period picker's; `revenueCurrency`: REVENUE_CURRENCY; `compare`: also read the
 * period of equal length before it (`previous`).
 */
export async function readOverview(
  db: Kysely<Database>,
  period: Period,
  revenueCurrency: string,
  { compare = false }: { compare?: boolean } = {},
): Promise<Overview> {
  const { timeZone } = period;
  const [today, clicks, topSource, conversionRate, bots, figures, previous] = await Promise.all([
    db
      .selectFrom('daily_visits')
      .select([
        'unique_visitors',
        'total_page_views',
        'mobile_visitors',
        'sessions',
        'bounced_sessions',
        // bigint: pg answers with a string (the db type nests Generated<ColumnType>, so name it here).
        sql<string>`visit_seconds`.as('visit_seconds'),
        'affiliate_clicks',
      ])
      .where('date', '=', todayIn(timeZone))
      .executeTakeFirst(),
    db
      .selectFrom('affiliate_daily_clicks')
      .select(sql<string>`coalesce(sum(clicks), 0)`.as('total'))
      .executeTakeFirstOrThrow(),
    readTopSource(db, periodStartIn(timeZone, topSourceDays), todayIn(timeZone)),
    readConversionRate(db, todayIn(timeZone), todayIn(timeZone)),
    db
      .selectFrom('daily_bot_events')
      .select('events')
      .where('date', '=', todayIn(timeZone))
      .executeTakeFirst(),
    readPeriodFigures(db, period),
    compare ? readPeriodFigures(db, previousPeriod(period)) : undefined,
  ]);

  const uniqueVisitors = toNumber(today?.unique_visitors);
  return {
    todayVisitors: uniqueVisitors,
    todayPageViews: toNumber(today?.total_page_views),
    // Both over the day's visits (README "How we count"; the aggregator's apply/visits.ts decides them).
    avgSessionTime: ratio(toNumber(today?.visit_seconds), toNumber(today?.sessions)),
    bounceRate: percent(toNumber(today?.bounced_sessions), toNumber(today?.sessions)),
    mobilePercentage: percent(toNumber(today?.mobile_visitors), uniqueVisitors),
    todayClicks: toNumber(today?.affiliate_clicks),
    totalClicks: toNumber(clicks.total),
    topTrafficSource: topSource ?? 'direct',
    conversionRate,
    botEventsExcludedToday: toNumber(bots?.events),
    revenue: figures.revenue,
    revenueCurrency,
    period: figures,
    ...(previous ? { previous } : {}),
  };
}
