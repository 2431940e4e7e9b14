// The dashboard's side of the one bot decision: Recent Activity lists no bot click,
// and the overview tells the operator how many bot events were left out today (not yesterday's).
import { describe, expect } from 'vitest';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';
import { dateDaysAgo, seedAdminSession } from './test-support';

const timeZone = 'Europe/Bucharest';
let testDb: TestDatabase;
let app: ReturnType<typeof buildApp>;
let cookie: string;

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown>();
};

it.beforeAll(async ({ database }) => {
  testDb = database;
  const db = testDb.db;
  app = buildApp({ db, timeZone });
  ({ cookie } = await seedAdminSession(db));
  const today = await dateDaysAgo(db, timeZone, 0);
  const yesterday = await dateDaysAgo(db, timeZone, 1);
  const click = (n: number, isBot: boolean) => ({
    event_id: `0190a000-0000-7000-8000-00000000000${n}`,
    offer_id: 1,
    offer_title: isBot ? 'Clicked by a bot' : `Clicked by person ${n}`,
    offer_url: 'https://partner.example.com/',
    visitor_id: isBot ? `bot-${n}` : `person-${n}`,
    ip_address: null,
    user_agent: isBot ? 'HeadlessChrome/120' : 'Mozilla/5.0 Chrome/120',
    referrer: null,
    source: 'results' as const,
    clicked_at: new Date(Date.now() - n * 1000).toISOString(),
    click_date: today,
    is_bot: isBot,
  });
  // The newest clicks are the bots', so a list that kept them would show them first.
  await db
    .insertInto('affiliate_clicks')
    .values([click(1, true), click(2, true), click(3, false), click(4, false)])
    .execute();
  await db
    .insertInto('daily_bot_events')
    .values([
      { date: today, events: 7 },
      { date: yesterday, events: 40 },
    ])
    .execute();
  return () => app.close();
});

describe('bots on the dashboard', () => {
  it('Recent Activity lists no bot click', async () => {
    const recent = (await get('/api/analytics/recent-clicks?limit=10')) as { visitorId: string }[];
    expect(recent.map((r) => r.visitorId)).toEqual(['person-3', 'person-4']);
  });

  it("the overview shows today's left-out bot events", async () => {
    const overview = (await get('/api/analytics/overview')) as { botEventsExcludedToday: number };
    expect(overview.botEventsExcludedToday).toBe(7);
  });
});
