// localDate works a zone's offset out once per UTC hour; these compare it, instant by instant, with what
// Intl answers for each instant on its own — around midnights, daylight-saving switches (by an hour and by
// half an hour) and zones whose offset is not whole hours.
import { describe, expect, it } from 'vitest';
import { localDate } from './local-date';

const reference = new Map<string, Intl.DateTimeFormat>();
const byIntl = (ms: number, timeZone: string) => {
  let f = reference.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    reference.set(timeZone, f);
  }
  return f.format(ms);
};

const zones = [
  'Europe/Bucharest', // +2/+3, switches at 03:00/04:00 local
  'America/St_Johns', // −3:30/−2:30
  'Asia/Kathmandu', // +5:45
  'Australia/Lord_Howe', // +10:30/+11: daylight saving moves it by half an hour
  'Pacific/Chatham', // +12:45/+13:45
  'America/Santiago', // switches at local midnight
  'UTC',
];

/** Every 7 minutes 13 seconds (and a few milliseconds) through the days around each 2026 switch. */
function instantsAround(fromIso: string, days: number): number[] {
  const from = Date.parse(fromIso);
  const out: number[] = [];
  for (let ms = from; ms < from + days * 86_400_000; ms += 433_007) out.push(ms);
  return out;
}

describe('localDate', () => {
  it.each(zones)('gives the date Intl gives, instant by instant, in %s', (timeZone) => {
    const instants = [
      ...instantsAround('2026-03-26T00:00:00Z', 12), // EU (29 Mar) and Chile / Lord Howe (4–5 Apr)
      ...instantsAround('2026-09-24T00:00:00Z', 14), // Chile (6 Sep is earlier), Chatham / Lord Howe (27 Sep, 4 Oct)
      ...instantsAround('2026-10-24T00:00:00Z', 10), // EU (25 Oct), St Johns (1 Nov)
      ...instantsAround('2026-09-04T00:00:00Z', 4), // Chile (6 Sep, at local midnight)
    ];
    const wrong = instants.filter(
      (ms) => localDate(new Date(ms).toISOString(), timeZone) !== byIntl(ms, timeZone),
    );
    expect(wrong.map((ms) => new Date(ms).toISOString())).toEqual([]);
  });

  it('is exact at the millisecond either side of local midnight', () => {
    // 2026-11-23 00:00 in Bucharest (+2) is 2026-11-22T22:00:00Z.
    expect(localDate('2026-11-22T21:59:59.999Z', 'Europe/Bucharest')).toBe('2026-11-22');
    expect(localDate('2026-11-22T22:00:00.000Z', 'Europe/Bucharest')).toBe('2026-11-23');
    // Kathmandu (+5:45): midnight is at 18:15 UTC.
    expect(localDate('2026-11-22T18:14:59.999Z', 'Asia/Kathmandu')).toBe('2026-11-22');
    expect(localDate('2026-11-22T18:15:00.000Z', 'Asia/Kathmandu')).toBe('2026-11-23');
    expect(localDate(new Date('2026-11-22T18:15:00.000Z'), 'Asia/Kathmandu')).toBe('2026-11-23');
  });

  it('refuses what is not an instant or a zone', () => {
    expect(() => localDate('not a time', 'UTC')).toThrow(RangeError);
    expect(() => localDate('2026-11-22T10:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});
