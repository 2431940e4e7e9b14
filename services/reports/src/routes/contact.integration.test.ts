// The contact form: stored for the operator, forwarded to their inbox with Reply-To the visitor, and
// limited per IP with counters in Redis (shared by every instance).
import type { Redis } from 'ioredis';
import { beforeEach, describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import type { SmtpSink, TestDatabase } from '@bodymetrics/testing';
import { listContactMessages } from '../contact-messages.repository';
import { OPERATOR, testApp } from '../test-support';

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
  it('forwards the message to the operator with Reply-To the visitor, and stores it', async ({
    closeAfter,
  }) => {
    const app = closeAfter(testApp({ db: database.db, smtpUrl: sink.url, redis, redisKeyPrefix: keyPrefix }));
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
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([OPERATOR]);
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
  });

  it('answers 429 once an IP has sent its allowance, counted in Redis across instances', async ({
    closeAfter,
  }) => {
    const rateLimit = { contactMax: 2, contactWindowMs: 60_000 };
    // Two instances sharing Redis, as behind a load balancer.
    const first = closeAfter(
      testApp({
        db: database.db,
        smtpUrl: sink.url,
        redis,
        redisKeyPrefix: keyPrefix,
        rateLimit,
      }),
    );
    const second = closeAfter(
      testApp({
        db: database.db,
        smtpUrl: sink.url,
        redis,
        redisKeyPrefix: keyPrefix,
        rateLimit,
      }),
    );
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
  });
});
