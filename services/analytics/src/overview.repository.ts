// The dashboard's cards (spec §2 "Cards", §3 Overview): today's visit figures, click totals and the
// leading first-touch source of the last 30 days, and the bot events left out today — all from the
// aggregate tables.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';
import type { Overview } from '@bodymetrics/contracts';
import { periodStartIn, todayIn } from './period';
import { percent, ratio, toNumber } from './numbers';

/** The period the Top Source card looks at, whatever period buttons the dashboard shows. */
const topSourceDays = 30;

export async function readOverview(db: Kysely<Database>, timeZone: string): Promise<Overview> {
  const [today, clicks, topSource, bots] = await Promise.all([
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
    db
      .selectFrom('daily_traffic')
      .select(['source', sql<string>`sum(visitors)`.as('visitors')])
      .where('date', '>=', periodStartIn(timeZone, topSourceDays))
      .where('date', '<=', todayIn(timeZone))
      .groupBy('source')
      .having(sql`sum(visitors)`, '>', 0)
      // Ties go to the alphabetically first source so the card does not flicker between refreshes.
      .orderBy(sql`sum(visitors)`, 'desc')
      .orderBy('source')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('daily_bot_events')
      .select('events')
      .where('date', '=', todayIn(timeZone))
      .executeTakeFirst(),
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
    topTrafficSource: topSource?.source ?? 'direct',
    botEventsExcludedToday: toNumber(bots?.events),
  };
}
