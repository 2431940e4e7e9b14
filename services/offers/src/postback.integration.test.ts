// The networks' postback within sense, on the offers service and a real Postgres: even with the token, a
// payout above POSTBACK_MAX_PAYOUT is a 400 naming `payout`, a conversion past POSTBACK_MAX_CONVERSIONS_PER_CLICK
// is a 409 naming `click_id` — even when postbacks for one click arrive at the same moment — and a refusal
// stores nothing, so the dashboard's conversions and revenue (affiliate_daily_conversions) do not move.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { seedContent, type Db } from '@bodymetrics/db';
import { test } from '@bodymetrics/testing/fixtures';
import { buildApp, type PostbackSettings } from './app';
import { offersSettingsFromEnv } from './config';

const token = 'postback-secret-for-the-bounds-test';
const timeZone = 'Europe/Bucharest';
const defaults = offersSettingsFromEnv({});
const settings: PostbackSettings = {
  token,
  currency: 'RON',
  timeZone,
  maxPayout: defaults.POSTBACK_MAX_PAYOUT,
  maxConversionsPerClick: defaults.POSTBACK_MAX_CONVERSIONS_PER_CLICK,
};

const it = test.extend('app', { scope: 'file' }, async ({ database }, { onCleanup }) => {
  await seedContent(database.db);
  const app = buildApp({ db: database.db, postback: settings });
  onCleanup(() => app.close());
  await app.ready();
  return app;
});

type App = ReturnType<typeof buildApp>;

/** A click of the first offer with a fresh click id, as the aggregator stores it; its id. */
async function newClick(db: Db): Promise<string> {
  const clickId = randomUUID();
  const offer = await db.selectFrom('affiliate_offers').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db
    .insertInto('affiliate_clicks')
    .values({
      event_id: randomUUID(),
      offer_id: offer.id,
      source: 'results',
      clicked_at: sql<Date>`now()`,
      click_date: sql<string>`(now() AT TIME ZONE ${timeZone})::date`,
      click_id: clickId,
    })
    .execute();
  return clickId;
}

const postback = (app: App, clickId: string, transactionId: string, payout: string) =>
  app.inject({
    method: 'GET',
    url: `/api/postback?${new URLSearchParams({
      click_id: clickId,
      transaction_id: transactionId,
      payout,
      currency: 'RON',
      token,
    }).toString()}`,
  });

/** What the dashboard's conversion figures are read from, and the money records. */
async function stored(db: Db) {
  const daily = await db
    .selectFrom('affiliate_daily_conversions')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('conversions'), sql<string>`0`).as('conversions'),
      eb.fn.coalesce(eb.fn.sum<string>('revenue'), sql<string>`0`).as('revenue'),
    ])
    .executeTakeFirstOrThrow();
  const { n } = await db
    .selectFrom('offer_conversions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { records: Number(n), conversions: Number(daily.conversions), revenue: Number(daily.revenue) };
}

const conversionsOf = async (db: Db, clickId: string) =>
  (
    await db
      .selectFrom('offer_conversions')
      .select('transaction_id')
      .where('click_id', '=', clickId)
      .orderBy('transaction_id')
      .execute()
  ).map((r) => r.transaction_id);

describe('the postback within sense', () => {
  it('defaults to a payout of at most 10,000 and 3 conversions per click (docs/operating.md)', () => {
    expect(settings).toMatchObject({ maxPayout: 10_000, maxConversionsPerClick: 3 });
  });

  it('takes a payout up to the ceiling; above it a 400 naming payout, and nothing stored', async ({
    app,
    database,
  }) => {
    const clickId = await newClick(database.db);
    const before = await stored(database.db);
    for (const payout of ['10000.0001', '10001', '9999999999.9999']) {
      const response = await postback(app, clickId, `TX-over-${payout}`, payout);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'validation_error',
          message: 'payout: must be at most 10000 RON',
          details: [{ field: 'payout', message: 'must be at most 10000 RON' }],
        },
      });
    }
    expect(await stored(database.db)).toEqual(before);

    const atCeiling = await postback(app, clickId, 'TX-ceiling', '10000.0000');
    expect(atCeiling.statusCode).toBe(200);
    expect(await stored(database.db)).toEqual({
      records: before.records + 1,
      conversions: before.conversions + 1,
      revenue: before.revenue + 10_000,
    });
  });

  it('takes 3 conversions for one click; the 4th is a 409 naming click_id, and nothing stored', async ({
    app,
    database,
  }) => {
    const clickId = await newClick(database.db);
    for (const tx of ['TX-sale', 'TX-upsell', 'TX-repeat-order']) {
      const response = await postback(app, clickId, tx, '20.00');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ transactionId: tx, recorded: true });
    }
    const before = await stored(database.db);

    const fourth = await postback(app, clickId, 'TX-fourth', '20.00');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'click_id: has already brought 3 conversions, the most one click may bring',
        details: [
          { field: 'click_id', message: 'has already brought 3 conversions, the most one click may bring' },
        ],
      },
    });
    expect(await stored(database.db)).toEqual(before);

    // A network repeating a transaction already recorded still gets its 200, cap or not: nothing changes.
    const repeated = await postback(app, clickId, 'TX-upsell', '20.00');
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({ transactionId: 'TX-upsell', recorded: false });
    expect(await stored(database.db)).toEqual(before);
    expect(await conversionsOf(database.db, clickId)).toEqual(['TX-repeat-order', 'TX-sale', 'TX-upsell']);
  });

  it('lets no more than 3 of 8 postbacks for one click through when they arrive at the same moment', async ({
    app,
    database,
  }) => {
    const clickId = await newClick(database.db);
    const before = await stored(database.db);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postback(app, clickId, `TX-race-${i}`, '10.00')),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect(await conversionsOf(database.db, clickId)).toHaveLength(3);
    expect(await stored(database.db)).toEqual({
      records: before.records + 3,
      conversions: before.conversions + 3,
      revenue: before.revenue + 30,
    });
  });

  it('counts one transaction sent twice at the same moment once, even on the last place of a click', async ({
    app,
    database,
  }) => {
    const clickId = await newClick(database.db);
    for (const tx of ['TX-a', 'TX-b'])
      expect((await postback(app, clickId, tx, '5.00')).statusCode).toBe(200);
    const before = await stored(database.db);
    const both = await Promise.all([
      postback(app, clickId, 'TX-c', '5.00'),
      postback(app, clickId, 'TX-c', '5.00'),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json<{ recorded: boolean }>().recorded).sort()).toEqual([false, true]);
    expect(await stored(database.db)).toEqual({
      records: before.records + 1,
      conversions: before.conversions + 1,
      revenue: before.revenue + 5,
    });
  });

  it('follows the settings it is given', async ({ database }) => {
    const strict = buildApp({
      db: database.db,
      postback: { ...settings, maxPayout: 50, maxConversionsPerClick: 1 },
    });
    try {
      const clickId = await newClick(database.db);
      const over = await postback(strict, clickId, 'TX-strict-over', '50.01');
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ error: { details: [{ field: 'payout' }] } });
      expect((await postback(strict, clickId, 'TX-strict-1', '50')).statusCode).toBe(200);
      const second = await postback(strict, clickId, 'TX-strict-2', '1');
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ error: { details: [{ field: 'click_id' }] } });
      expect(await conversionsOf(database.db, clickId)).toEqual(['TX-strict-1']);
    } finally {
      await strict.close();
    }
  });

  it('refuses a ceiling or cap that makes no sense at start, naming the variable', () => {
    expect(() => offersSettingsFromEnv({ POSTBACK_MAX_PAYOUT: '0' })).toThrow(/POSTBACK_MAX_PAYOUT/);
    expect(() => offersSettingsFromEnv({ POSTBACK_MAX_PAYOUT: 'lots' })).toThrow(/POSTBACK_MAX_PAYOUT/);
    expect(() => offersSettingsFromEnv({ POSTBACK_MAX_CONVERSIONS_PER_CLICK: '0' })).toThrow(
      /POSTBACK_MAX_CONVERSIONS_PER_CLICK: must be at least 1/,
    );
    expect(() => offersSettingsFromEnv({ POSTBACK_MAX_CONVERSIONS_PER_CLICK: '2.5' })).toThrow(
      /POSTBACK_MAX_CONVERSIONS_PER_CLICK/,
    );
    expect(
      offersSettingsFromEnv({ POSTBACK_MAX_PAYOUT: '250.50', POSTBACK_MAX_CONVERSIONS_PER_CLICK: '1' }),
    ).toMatchObject({ POSTBACK_MAX_PAYOUT: 250.5, POSTBACK_MAX_CONVERSIONS_PER_CLICK: 1 });
  });
});
