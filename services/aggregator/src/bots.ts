// Bot traffic is recorded (raw rows keep an is_bot mark or the user agent) but left out of every
// aggregate the dashboard reads. The decision is tracking's (the event's `isBot`, design.md §8); only an
// event from before tracking stamped it is decided here, by the shared rule for such events.
import { isBotAgentOfUnflaggedEvent } from '@bodymetrics/contracts';
import { localDate } from './local-date';
import { incrementRows, type Trx } from './sql-helpers';

export const isBotEvent = (flag: boolean | undefined, ...agents: (string | null | undefined)[]): boolean =>
  flag ?? isBotAgentOfUnflaggedEvent(...agents);

/** Counts the bot events left out today (daily_bot_events), for newly inserted raw rows only: a replay never counts twice. */
export async function countLeftOutBots(
  trx: Trx,
  leftOut: { receivedAt: string }[],
  timeZone: string,
): Promise<void> {
  await incrementRows(
    trx,
    { table: 'daily_bot_events', keys: ['date'], counters: ['events'] },
    leftOut.map((e) => ({ date: localDate(e.receivedAt, timeZone), events: 1 })),
  );
}
