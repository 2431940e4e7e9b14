// The dashboard's cards (spec §2 "Cards", §3 Overview): every figure of the catalogue over the asked period
// (and the one before it, to compare), today's figures as the one-day period of the same read, plus what is
// not a period's figure — all-time clicks, the top source of the last 30 days and the bot events left out
// today.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';
import {
  figureNames,
  figures,
  shiftDate,
  type Figure,
  type Overview,
  type PeriodFigures,
  type TodayField,
} from '@bodymetrics/contracts';
import { readFigures } from './figures.repository';
import { previousPeriod, todayOf, type Period } from './period';
import { toNumber } from './numbers';

/** The days the Top Source card looks at, whatever period the dashboard shows (spec §2). */
const topSourceDays = 30;

/** Every figure of the catalogue over `period`. */
export async function readPeriodFigures(db: Kysely<Database>, period: Period): Promise<PeriodFigures> {
  return { from: period.from, to: period.to, ...(await readFigures(db, period)) };
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
  const today = await todayOf(db, timeZone);
  const lastThirtyDays: Period = { timeZone, from: shiftDate(today, -(topSourceDays - 1)), to: today };
  const isLastThirtyDays = period.from === lastThirtyDays.from && period.to === today;
  const [todays, figuresOfPeriod, previous, topOfThirtyDays, clicks, bots] = await Promise.all([
    readFigures(db, { from: today, to: today }),
    readPeriodFigures(db, period),
    compare ? readPeriodFigures(db, previousPeriod(period)) : undefined,
    // The dashboard's default period is the last 30 days: its top source is the card's, read once.
    isLastThirtyDays ? undefined : readFigures(db, lastThirtyDays),
    db
      .selectFrom('affiliate_daily_clicks')
      .select(sql<string>`coalesce(sum(clicks), 0)`.as('total'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('daily_bot_events').select('events').where('date', '=', today).executeTakeFirst(),
  ]);
  const todayFields: Record<string, number | string> = {};
  for (const name of figureNames) {
    const figure: Figure = figures[name];
    if (figure.today) todayFields[figure.today] = todays[name];
  }
  return {
    ...(todayFields as unknown as Pick<Overview, TodayField>),
    totalClicks: toNumber(clicks.total),
    topTrafficSource: (topOfThirtyDays ?? figuresOfPeriod).topTrafficSource,
    botEventsExcludedToday: toNumber(bots?.events),
    revenue: figuresOfPeriod.revenue,
    revenueCurrency,
    period: figuresOfPeriod,
    ...(previous ? { previous } : {}),
  };
}
