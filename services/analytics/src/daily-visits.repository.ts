// Daily Stats tab: unique visitors and page views per day of the period, newest first.
import type { Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';
import type { DailyStatsRow } from '@bodymetrics/contracts';
import { firstDateOf, lastDateOf, type Period } from './period';

export async function readDailyStats(db: Kysely<Database>, period: Period): Promise<DailyStatsRow[]> {
  const rows = await db
    .selectFrom('daily_visits')
    .select(['id', 'date', 'unique_visitors', 'total_page_views'])
    .where('date', '>=', firstDateOf(period))
    .where('date', '<=', lastDateOf(period))
    .orderBy('date', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    uniqueVisitors: r.unique_visitors,
    totalPageViews: r.total_page_views,
  }));
}
