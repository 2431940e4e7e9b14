// The first step of every applier that moves aggregates: the batch's raw rows are stored, and only events
// whose raw row is new (first delivery: a replay never counts twice) go further; a bot's new event moves
// daily_bot_events only (bots.ts).
import { countLeftOutBots } from '../bots';
import type { RawRow } from '../raw-rows';
import { insertFreshRows, type RawTable, type Trx } from '../sql-helpers';

/** Stores each event's raw row in `table` and answers the events whose row is new, bots' too, in the batch's order. */
export async function firstDeliveries<T extends RawTable, E extends { id: string }>(
  trx: Trx,
  table: T,
  events: E[],
  rowOf: (e: E) => RawRow<T>,
): Promise<E[]> {
  const fresh = await insertFreshRows(
    trx,
    table,
    events.map((e) => rowOf(e)),
  );
  return events.filter((e) => fresh.has(e.id));
}

/** Counts the bots among first deliveries as left out, and answers the rest: the events of people. */
export async function leaveOutBots<E extends { date: string; isBot: boolean }>(
  trx: Trx,
  firstDelivery: E[],
): Promise<E[]> {
  await countLeftOutBots(
    trx,
    firstDelivery.filter((e) => e.isBot),
  );
  return firstDelivery.filter((e) => !e.isBot);
}

/** Stores each event's raw row in `table` and answers the new events of people, in the batch's order. */
export async function countedFirstDeliveries<
  T extends RawTable,
  E extends { id: string; date: string; isBot: boolean },
>(trx: Trx, table: T, events: E[], rowOf: (e: E) => RawRow<T>): Promise<E[]> {
  return leaveOutBots(trx, await firstDeliveries(trx, table, events, rowOf));
}
