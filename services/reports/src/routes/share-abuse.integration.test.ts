// Disk fill through share images: one stored card per rounded BMI and category however
// many shares point at it, per-client limits on share images and stored reports (an IPv4 address or an
// IPv6 /64, counted in Redis across instances), and BMIs no form can produce refused before anything
// is rendered or stored.
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import type { SmtpSink, TestDatabase } from '@bodymetrics/testing';
import { PLAUSIBLE_BMI } from '@bodymetrics/contracts';
import { countRows, reportBody, testApp } from '../test-support';

let database: TestDatabase;
let sink: SmtpSink;
let redis: Redis;
let keyPrefix: string;

it.beforeAll(({ database: fileDatabase, smtp, redis: fileRedis, keyPrefix: fileKeyPrefix }) => {
  database = fileDatabase;
  sink = smtp;
  redis = fileRedis;
  keyPrefix = fileKeyPrefix;
});

type App = ReturnType<typeof testApp>;
const shareImage = (app: App, bmi: number, ip = '192.0.2.50') =>
  app.inject({
    method: 'POST',
    url: '/api/generate-share-image',
    headers: { 'x-forwarded-for': ip },
    payload: { results: { bmi, bmiCategory: 'Overweight' }, platform: 'whatsapp', uniqueId: 'v' },
  });

const cardCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('share_cards')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('share cards are stored once per rounded BMI and category', () => {
  it('twelve shares of BMIs that round to 27.3 store one card and twelve small share rows', async ({
    closeAfter,
  }) => {
    const app = closeAfter(
      testApp({ db: database.db, smtpUrl: sink.url, rateLimit: { shareImageMax: 100 } }),
    );
    const cardsBefore = await cardCount();
    const sharesBefore = await countRows(database.db, 'share_images');
    const urls: { imageUrl: string; shareUrl: string }[] = [];
    for (const bmi of [27.25, 27.3, 27.34, 27.31, 27.29, 27.26, 27.3, 27.33, 27.28, 27.27, 27.32, 27.3]) {
      const res = await shareImage(app, bmi);
      expect(res.statusCode).toBe(200);
      urls.push(res.json());
    }
    expect(await cardCount()).toBe(cardsBefore + 1);
    expect(await countRows(database.db, 'share_images')).toBe(sharesBefore + 12);
    expect(new Set(urls.map((u) => u.shareUrl)).size).toBe(12); // every share still has its own link

    // A share row holds no picture: only its id, its card's key, the platform and the time.
    const row = await database.db.selectFrom('share_images').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(['card_key', 'created_at', 'id', 'platform']);

    // Every link still works as before for the visitor: the same picture, the page with its numbers.
    const first = await app.inject({ method: 'GET', url: new URL(urls[0]!.imageUrl).pathname });
    const last = await app.inject({ method: 'GET', url: new URL(urls[11]!.imageUrl).pathname });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(last.rawPayload.equals(first.rawPayload)).toBe(true);
    const page = await app.inject({ method: 'GET', url: new URL(urls[5]!.shareUrl).pathname });
    expect(page.body).toContain('My BMI is 27.3 (Overweight)');

    // Another BMI is another card.
    expect((await shareImage(app, 27.4)).statusCode).toBe(200);
    expect(await cardCount()).toBe(cardsBefore + 2);
  });
});

describe('a BMI no form can produce', () => {
  it.for([0.5, 3.5, 369.9, 999])(
    '%s → 400 naming results.bmi, nothing rendered or stored',
    async (bmi, { closeAfter }) => {
      const app = closeAfter(
        testApp({ db: database.db, smtpUrl: sink.url, rateLimit: { shareImageMax: 100 } }),
      );
      const cards = await cardCount();
      const shares = await countRows(database.db, 'share_images');
      const res = await shareImage(app, bmi);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'validation_error',
          message: `results.bmi: must be between ${PLAUSIBLE_BMI.min} and ${PLAUSIBLE_BMI.max}`,
          details: [
            {
              field: 'results.bmi',
              message: `must be between ${PLAUSIBLE_BMI.min} and ${PLAUSIBLE_BMI.max}`,
            },
          ],
        },
      });
      expect(await cardCount()).toBe(cards);
      expect(await countRows(database.db, 'share_images')).toBe(shares);
    },
  );

  it('the extremes the form allows are accepted', async ({ closeAfter }) => {
    const app = closeAfter(
      testApp({ db: database.db, smtpUrl: sink.url, rateLimit: { shareImageMax: 100 } }),
    );
    expect((await shareImage(app, PLAUSIBLE_BMI.min)).statusCode).toBe(200);
    expect((await shareImage(app, PLAUSIBLE_BMI.max)).statusCode).toBe(200);
  });
});

describe('per-client limits', () => {
  it('share images: 429 after the budget, counted in Redis across instances, one IPv6 /64 is one client', async ({
    closeAfter,
  }) => {
    const rateLimit = { shareImageMax: 3, shareImageWindowMs: 60_000 };
    const deps = { db: database.db, smtpUrl: sink.url, redis, redisKeyPrefix: keyPrefix, rateLimit };
    const first = closeAfter(testApp(deps));
    const second = closeAfter(testApp(deps));
    const shares = await countRows(database.db, 'share_images');
    // Three addresses of one home's /64, spread over two instances.
    expect((await shareImage(first, 22.1, '2001:db8:7:1::a')).statusCode).toBe(200);
    expect((await shareImage(second, 22.1, '2001:db8:7:1::b')).statusCode).toBe(200);
    expect((await shareImage(first, 22.1, '2001:db8:7:1:ffff::1')).statusCode).toBe(200);
    const limited = await shareImage(second, 22.1, '2001:db8:7:1::c');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many requests\. Please try again in /),
      },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(database.db, 'share_images')).toBe(shares + 3);
    // Another /64 and another IPv4 address are other clients.
    expect((await shareImage(first, 22.1, '2001:db8:7:2::a')).statusCode).toBe(200);
    expect((await shareImage(second, 22.1, '198.51.100.77')).statusCode).toBe(200);
  });

  it('stored reports (submit-report): 429 after the budget and nothing more stored', async ({
    closeAfter,
  }) => {
    const app = closeAfter(
      testApp({ db: database.db, smtpUrl: sink.url, rateLimit: { submitReportMax: 2 } }),
    );
    const submit = (weight: number, ip = '192.0.2.60') =>
      app.inject({
        method: 'POST',
        url: '/api/submit-report',
        headers: { 'x-forwarded-for': ip },
        payload: reportBody({ metrics: { ...reportBody().metrics, weight } }),
      });
    const stored = await countRows(database.db, 'health_metrics');
    expect((await submit(170)).statusCode).toBe(200);
    expect((await submit(171)).statusCode).toBe(200);
    const limited = await submit(172);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(await countRows(database.db, 'health_metrics')).toBe(stored + 2);
    expect((await submit(173, '192.0.2.61')).statusCode).toBe(200);
  });
});
