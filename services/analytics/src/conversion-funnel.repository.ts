// User Journey tab: the funnel per day, today's funnel, and where the period's visitors dropped out.
// conversion_funnel holds a row per day and step; a funnel row (`FunnelRow`) has a count per step, named by
// contracts' funnelRowFieldOf, so a step added to the vocabulary reaches every read here without a change.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@bodymetrics/db';
import {
  abandonmentFieldOf,
  funnelRowFieldOf,
  journeySteps,
  shownFunnelSteps,
  type Abandonment,
  type AbandonmentField,
  type FunnelRow,
  type FunnelRowField,
  type JourneyStep,
  type ShownFunnelStep,
} from '@bodymetrics/contracts';
import { firstDateOf, lastDateOf, todayOf, type Period } from './period';
import { toNumber } from './numbers';

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The contract's rows name exactly the vocabulary's fields: these fail to compile when a step or a drop-out
// is in one and not the other.
const funnelRowFieldsMatch: Exactly<Exclude<keyof FunnelRow, 'id' | 'date'>, FunnelRowField> = true;
const abandonmentFieldsMatch: Exactly<Exclude<keyof Abandonment, 'total_visitors'>, AbandonmentField> = true;
void [funnelRowFieldsMatch, abandonmentFieldsMatch];

type Counts = Record<FunnelRowField, number>;

/** A funnel row's counts; a step with no row counts 0. */
function countsOf(visitorsAt: ReadonlyMap<string, number>): Counts {
  const counts = {} as Counts;
  for (const step of journeySteps) counts[funnelRowFieldOf[step]] = visitorsAt.get(step) ?? 0;
  return counts;
}

/** A day's id in a funnel row: the date as a number (20261120), the same at every read. */
const dayId = (date: string): number => Number(date.replaceAll('-', ''));

/** Each day's counts by step, newest day first. */
async function readDays(
  db: Kysely<Database>,
  from: RawBuilder<string>,
  to: RawBuilder<string>,
): Promise<Map<string, Map<string, number>>> {
  const rows = await db
    .selectFrom('conversion_funnel')
    .select(['date', 'step', 'visitors'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date', 'desc')
    .execute();
  const days = new Map<string, Map<string, number>>();
  for (const r of rows) days.set(r.date, (days.get(r.date) ?? new Map()).set(r.step, r.visitors));
  return days;
}

export async function readFunnelStats(db: Kysely<Database>, period: Period): Promise<FunnelRow[]> {
  const days = await readDays(db, firstDateOf(period), lastDateOf(period));
  return [...days].map(([date, steps]) => ({ id: dayId(date), date, ...countsOf(steps) }));
}

/** Today's funnel; a day nobody has visited yet reads as zeros (id 0) rather than as missing. */
export async function readTodayFunnel(db: Kysely<Database>, timeZone: string): Promise<FunnelRow> {
  const today = await todayOf(db, timeZone);
  const day = sql<string>`${today}::date`;
  const steps = (await readDays(db, day, day)).get(today);
  return { id: steps ? dayId(today) : 0, date: today, ...countsOf(steps ?? new Map()) };
}

/** The drop-out field of each shown step but the last. */
const abandonmentFieldAt = (step: ShownFunnelStep): AbandonmentField | undefined =>
  (abandonmentFieldOf as Partial<Record<ShownFunnelStep, AbandonmentField>>)[step];

/**
 * The period's drop-outs. The funnel is ordered per visitor and day (the aggregator's ordered-funnel.ts):
 * each step counts only visitors who counted at the one before it that day, so each drop-out is the visitors
 * who reached a shown step and not the next one shown. `abandoned_after_calculation` takes in those who left
 * at the bridge (form_completed → results_viewed); `abandoned_after_email` is the reports accepted whose mail
 * then failed. The floor at 0 only guards days counted before the funnel was ordered whose visitor sets
 * retention had already deleted.
 */
export async function readAbandonment(db: Kysely<Database>, period: Period): Promise<Abandonment> {
  const rows = await db
    .selectFrom('conversion_funnel')
    .select(['step', sql<string>`sum(visitors)`.as('visitors')])
    .where('step', 'in', shownFunnelSteps)
    .where('date', '>=', firstDateOf(period))
    .where('date', '<=', lastDateOf(period))
    .groupBy('step')
    .execute();
  const total = new Map<JourneyStep, number>(rows.map((r) => [r.step, toNumber(r.visitors)]));
  const visitorsAt = (step: ShownFunnelStep | undefined) => (step ? (total.get(step) ?? 0) : 0);
  const drops = shownFunnelSteps.flatMap((step, i) => {
    const field = abandonmentFieldAt(step);
    return field ? [[field, Math.max(0, visitorsAt(step) - visitorsAt(shownFunnelSteps[i + 1]))]] : [];
  });
  return { total_visitors: visitorsAt(shownFunnelSteps[0]), ...Object.fromEntries(drops) } as Abandonment;
}
