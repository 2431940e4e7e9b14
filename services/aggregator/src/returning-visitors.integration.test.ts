// The figures catalogue's once-per-visitor-and-day counters of daily_visits (contracts' dailyVisitorCounters),
// moved by each counted visitor's first page view of the day: mobile_visitors and returning_visitors.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { topics, type Envelope } from '@bodymetrics/contracts';
import { it } from '@bodymetrics/testing/fixtures';
import { applyBatchToDb } from './app';

const tz = 'Europe/Bucharest';
const start = Date.now();
const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: tz,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date(start));

const view = (
  visitor: string,
  n: number,
  returning: 0 | 1,
  device: 'mobile' | 'desktop',
): Envelope<unknown> => ({
  id: randomUUID(),
  type: topics.pageVisit.type,
  version: 1,
  receivedAt: new Date(start + n).toISOString(),
  payload: {
    kind: 'visit',
    visitorId: `${visitor}-tab`,
    visitorKey: `d:${visitor}`,
    sessionId: `${visitor}-session`,
    pageUrl: 'https://bodymetrics.example/',
    deviceType: device,
    browserName: 'Firefox',
    operatingSystem: 'Linux',
    screenResolution: '1280x800',
    language: 'ro-RO',
    timeZone: tz,
    isReturningVisitor: returning,
    trafficSource: { source: 'direct', medium: 'none' },
    ipAddress: null,
    requestUserAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
    isBot: false,
  },
});

describe('the once-per-visitor counters of a day', () => {
  it('count each visitor by their first page view of the day, whatever their later views say', async ({
    database,
  }) => {
    const events = [
      view('ana', 1, 1, 'desktop'), // returning
      view('ana', 2, 0, 'mobile'), // a later view: changes nothing
      view('dan', 3, 0, 'desktop'), // new…
      view('dan', 4, 1, 'mobile'), // …whatever a later view says
      view('eva', 5, 1, 'mobile'), // returning, on a phone
    ];
    for (const batch of [events.slice(0, 3), events.slice(3)])
      await database.db
        .transaction()
        .execute((trx) => applyBatchToDb(trx, { topic: topics.pageVisit, events: batch }, tz));
    const row = await database.db
      .selectFrom('daily_visits')
      .select(['unique_visitors', 'mobile_visitors', 'returning_visitors'])
      .where('date', '=', today)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ unique_visitors: 3, mobile_visitors: 1, returning_visitors: 2 });
  });
});
