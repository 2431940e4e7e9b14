// The offer check at tracking: a click names an offer of the table that is active, or it is refused with a
// 400 naming the field and nothing is published; the event carries the offer's own title and URL, never
// the caller's; an offer (de)activated in the table is seen within the cache's TTL; a Postgres that is
// away makes the click routes answer 503, never 202 for a click nobody checked.
import { describe, expect } from 'vitest';
import { topics } from '@bodymetrics/contracts';
import { createDb } from '@bodymetrics/db';
import { createTestBus, eventually, readTopic } from '@bodymetrics/testing';
import { test } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';
import { insertOffers } from './test-support';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const visitorId = 'v-offer-check';
const ttlMs = 300;

/** The three click calls for one offer id, with the field an error must name. */
const clickCalls = (offerId: number) => [
  {
    name: 'results click',
    url: '/api/analytics/affiliate-click',
    body: { offerId, offerTitle: 'Lean Shake', offerUrl: 'https://partner.example.com/', visitorId } as
      Record<string, unknown> | undefined,
    field: 'offerId',
  },
  {
    name: 'bridge click',
    url: '/api/affiliate-offers/click',
    body: { offerId, visitorId },
    field: 'offerId',
  },
  { name: 'counter call', url: `/api/affiliate-offers/${offerId}/click`, body: undefined, field: 'id' },
];

const published: string[] = [];

const post = (a: ReturnType<typeof buildApp>, url: string, body?: Record<string, unknown>) =>
  a.inject({
    method: 'POST',
    url,
    headers: { 'user-agent': chrome, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

const it = test.extend('app', { scope: 'file' }, ({ database, bus }, { onCleanup }) => {
  const app = buildApp({ bus: bus.bus, ipStorage: 'truncated', db: database.db, offerCacheTtlMs: ttlMs });
  onCleanup(() => app.close());
  return app;
});
it.beforeAll(async ({ database }) => {
  await insertOffers(database.db, [
    { id: 1, title: 'Lean Shake', url: 'https://partner.example.com/lean?ref=bm' },
    { id: 2, title: 'Retired Tea', active: false },
    { id: 3, title: 'Protein Bar' },
  ]);
});

describe('clicks are checked against the offers table', () => {
  it.for([
    ...clickCalls(999999).map((c) => ({ ...c, offer: 'unknown offer 999999' })),
    ...clickCalls(2).map((c) => ({ ...c, offer: 'inactive offer 2' })),
  ])('$name on an $offer → 400 naming $field', async (c, { app }) => {
    const response = await post(app, c.url, c.body);
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json<{
      error: { code: string; message: string; details: { field: string }[] };
    }>();
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe(`${c.field}: is not an active offer`);
    expect(error.details).toEqual([{ field: c.field, message: 'is not an active offer' }]);
  });

  it("stores the offer's title and URL, not the ones the client sent", async ({ app, bus }) => {
    const response = await post(app, '/api/analytics/affiliate-click', {
      offerId: 1,
      offerTitle: '=13+13',
      offerUrl: 'https://attacker.example/phish',
      visitorId,
    });
    expect(response.statusCode, response.body).toBe(202);
    published.push(response.json<{ id: string }>().id);
    for (const url of ['/api/affiliate-offers/click', '/api/affiliate-offers/3/click']) {
      const r = await post(app, url, url.endsWith('/3/click') ? undefined : { offerId: 3, visitorId });
      expect(r.statusCode, r.body).toBe(202);
      published.push(r.json<{ id: string }>().id);
    }
    const messages = await readTopic(bus.topicPrefix, topics.affiliateClick, {
      expect: published.length + 1,
      timeoutMs: 2500,
    });
    // Only the accepted clicks are on the topic: none of the refused ones was published.
    expect(messages.map((m) => m.id).sort()).toEqual([...published].sort());
    expect(messages.find((m) => m.id === published[0])?.payload).toMatchObject({
      offerId: 1,
      offerTitle: 'Lean Shake',
      offerUrl: 'https://partner.example.com/lean?ref=bm',
      source: 'results',
    });
    expect(messages.find((m) => m.id === published[1])?.payload).toMatchObject({
      offerId: 3,
      offerTitle: 'Protein Bar',
      source: 'bridge',
    });
    expect(messages.find((m) => m.id === published[2])?.payload).toMatchObject({
      offerId: 3,
      offerTitle: 'Protein Bar',
      source: 'api',
    });
  });

  it('sees an offer deactivated or activated in the table within the cache TTL, without a restart', async ({
    app,
    database,
  }) => {
    expect((await post(app, '/api/affiliate-offers/3/click')).statusCode).toBe(202);
    expect((await post(app, '/api/affiliate-offers/2/click')).statusCode).toBe(400);
    await database.db.updateTable('affiliate_offers').set({ active: false }).where('id', '=', 3).execute();
    await database.db.updateTable('affiliate_offers').set({ active: true }).where('id', '=', 2).execute();
    await eventually(
      async () => {
        expect((await post(app, '/api/affiliate-offers/3/click')).statusCode).toBe(400);
        expect((await post(app, '/api/affiliate-offers/2/click')).statusCode).toBe(202);
      },
      { timeoutMs: ttlMs * 4, intervalMs: 50 },
    );
  });
});

describe('clicks when Postgres is unreachable', () => {
  it('answers 503 on every click route (never 202 for an unchecked offer) and publishes nothing', async () => {
    const away = createDb({
      connectionString: 'postgres://postgres@127.0.0.1:1/nowhere',
      connectionTimeoutMillis: 500,
    });
    const bus = await createTestBus('tracking-offer-check-db-away');
    const down = buildApp({ bus: bus.bus, ipStorage: 'truncated', db: away });
    try {
      for (const c of clickCalls(1)) {
        const response = await post(down, c.url, c.body);
        expect(response.statusCode, c.name).toBe(503);
        expect(response.json<{ error: { code: string } }>().error.code).toBe('service_unavailable');
      }
      // The routes that need no offer keep working.
      const journey = await post(down, '/api/journey/track', { visitorId, sessionId: 's', step: 'landing' });
      expect(journey.statusCode).toBe(202);
      expect(await readTopic(bus.topicPrefix, topics.affiliateClick, { expect: 0, timeoutMs: 1500 })).toEqual(
        [],
      );
    } finally {
      await down.close();
      await away.destroy();
      await bus.cleanup();
    }
  });
});
