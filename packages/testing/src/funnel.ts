// The conversion funnel as tests seed and read it: a day's counts, one per journey step, named as spec §3
// names conversion_funnel's counts (landing_visitors … bridge_affiliate_clicks: the snake_case of each step's
// FunnelRow field). The table holds one row per day and step; these turn a day's counts into its rows and
// its rows back into counts (0 for a step with no row).
import { sql, type Kysely } from 'kysely';
import {
  funnelRowFieldOf,
  journeySteps,
  type FunnelRowField,
  type JourneyStep,
} from '@bodymetrics/contracts';
import type { Database } from '@bodymetrics/db';

type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;
export type FunnelCount = SnakeCase<FunnelRowField>;
export type FunnelCounts = Record<FunnelCount, number>;

/** A step's count name: landing → landing_visitors, bridge_affiliate_click → bridge_affiliate_clicks. */
export const funnelCountOf = (step: JourneyStep): FunnelCount =>
  funnelRowFieldOf[step].replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as FunnelCount;

/** conversion_funnel's rows for a day's counts: one per count given. */
export const funnelRows = (
  date: string,
  counts: Partial<FunnelCounts>,
): { date: string; step: JourneyStep; visitors: number }[] =>
  journeySteps.flatMap((step) => {
    const visitors = counts[funnelCountOf(step)];
    return visitors === undefined ? [] : [{ date, step, visitors }];
  });

const countsOf = (visitorsAt: (step: JourneyStep) => number): FunnelCounts =>
  Object.fromEntries(journeySteps.map((step) => [funnelCountOf(step), visitorsAt(step)])) as FunnelCounts;

/** Every day's counts, oldest day first (only days with rows). */
export async function funnelDays(db: Kysely<Database>): Promise<({ date: string } & FunnelCounts)[]> {
  const rows = await sql<{ date: string; step: JourneyStep; visitors: number }>`
    select date::text as date, step, visitors from conversion_funnel order by date`.execute(db);
  const byDay = new Map<string, Map<JourneyStep, number>>();
  for (const r of rows.rows) byDay.set(r.date, (byDay.get(r.date) ?? new Map()).set(r.step, r.visitors));
  return [...byDay].map(([date, steps]) => ({ date, ...countsOf((step) => steps.get(step) ?? 0) }));
}

/** A day's counts; a day with no rows reads as zeros. */
export async function funnelDay(db: Kysely<Database>, date: string): Promise<FunnelCounts> {
  const rows = await db
    .selectFrom('conversion_funnel')
    .select(['step', 'visitors'])
    .where('date', '=', date)
    .execute();
  const steps = new Map(rows.map((r) => [r.step, r.visitors]));
  return countsOf((step) => steps.get(step) ?? 0);
}
