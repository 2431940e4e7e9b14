// Bot traffic is recorded (raw rows keep an is_bot mark or the user agent) but left out of every
// aggregate the dashboard reads. The decision is tracking's (the event's `isBot`, design.md §8); only an
// event from before tracking stamped it is decided here, by the shared rule for such events (enrich.ts asks,
// once per event).
import { isBotAgentOfUnflaggedEvent } from '@bodymetrics/contracts';
import { incrementRows, type Trx } from './sql-helpers';

export const isBotEvent = (flag: boolean | undefined, ...agents: (string | null | undefined)[]): boolean =>
  flag ?? isBotAgentOfUnflaggedEvent(...agents);

/** Counts the bot events left out on their day (daily_bot_events), for newly inserted raw rows only: a replay never counts twice. */
export async function countLeftOutBots(trx: Trx, leftOut: { date: string }[]): Promise<void> {
  await incrementRows(
    trx,
    { table: 'daily_bot_events', keys: ['date'], counters: ['events'] },
    leftOut.map((e) => ({ date: e.date, events: 1 })),
  );
}
