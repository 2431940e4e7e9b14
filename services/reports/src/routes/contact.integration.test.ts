// The contact form: stored for the operator, forwarded to their inbox with Reply-To the visitor, and
// limited per IP with counters in Redis (shared by every instance).
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startSmtpSink,
  testInfra,
  uniqueTag,
  type SmtpSink,
  type TestDatabase,
} from '@bodymetrics/testing';
import { listContactMessages } from '../contact-messages.repository';
import { OPERATOR, testApp } from '../test-support';

let database: TestDatabase;
let sink: SmtpSink;
let redis: Redis;
const keyPrefix = `bm-test-${uniqueTag()}:`;

beforeAll(async () => {
  database = await createTestDatabase('reports_contact');
  sink = await startSmtpSink();
  redis = new Redis(testInfra().redisUrl);
});
afterAll(async () => {
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await sink.close();
  await database.drop();
});
beforeEach(() => {
  sink.messages.length = 0;
});

const message = {
  fullName: 'Maria Ionescu',
  email: 'maria@example.org',
  reason: 'Advertising & Partnership',
  message: 'We would like to place an offer on your results page.',
};

describe('POST /api/contact', () => {
  it('forwards the message to the operator with Reply-To the visitor, and stores it', async () => {
    const app = testApp({ db: database.db, smtpUrl: sink.url, redis, redisKeyPrefix: keyPrefix });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'x-forwarded-for': '203.0.113.77' },
        payload: { ...message, fullName: '  Maria Ionescu ' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });

      expect(sink.messages).toHaveLength(1);
      const mail = sink.messages[0]!;
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([
        OPERATOR,
      ]);
      expect(mail.replyTo?.value[0]).toMatchObject({ name: 'Maria Ionescu', address: 'maria@example.org' });
      expect(mail.subject).toBe('[BodyMetrics contact] Advertising & Partnership: Maria Ionescu');
      expect(mail.text).toContain('We would like to place an offer on your results page.');
      expect(mail.text).toContain('From: Maria Ionescu <maria@example.org>');

      const [stored] = await listContactMessages(database.db);
      expect(stored).toMatchObject({
        fullName: 'Maria Ionescu',
        email: 'maria@example.org',
        reason: 'Advertising & Partnership',
        message: 'We would like to place an offer on your results page.',
        ipAddress: '203.0.113.0', // truncated: the operator does not need the whole address
      });
      expect(stored?.forwardedAt).toBeInstanceOf(Date);
    } finally {
      await app.close();
    }
  });

  it('answers 429 once an IP has sent its allowance, counted in Redis across instances', async () => {
    const rateLimit = { contactMax: 2, contactWindowMs: 60_000 };
    // Two instances sharing Redis, as behind a load balancer.
    const first = testApp({
      db: database.db,
      smtpUrl: sink.url,
      redis,
      redisKeyPrefix: keyPrefix,
      rateLimit,
    });
    const second = testApp({
      db: database.db,
      smtpUrl: sink.url,
      redis,
      redisKeyPrefix: keyPrefix,
      rateLimit,
    });
    try {
      const send = (app: typeof first, ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { 'x-forwarded-for': ip },
          payload: message,
        });
      expect((await send(first, '198.51.100.9')).statusCode).toBe(200);
      expect((await send(second, '198.51.100.9')).statusCode).toBe(200);
      const limited = await send(first, '198.51.100.9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: {
          code: 'rate_limited',
          message: expect.stringMatching(/^Too many requests\. Please try again in /),
        },
      });
      expect(limited.headers['retry-after']).toBeDefined();
      expect(sink.messages).toHaveLength(2);
      // Another visitor is not affected.
      expect((await send(second, '198.51.100.10')).statusCode).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
