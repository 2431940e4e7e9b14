// The limiter as a route sees it: a per-client hook that answers 429 in the one error shape with
// Retry-After, counting an IPv6 /64 as one client.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';
import { perClientLimit, rateLimiter, waitInWords } from './rate-limit';

describe('perClientLimit', () => {
  it('answers 429 rate_limited with Retry-After past the limit; one IPv6 /64 is one client', async () => {
    const app = Fastify();
    installErrorHandler(app);
    const limiter = rateLimiter('contact', { max: 2, windowMs: 600_000 }, { kind: 'memory' });
    app.post(
      '/contact',
      { onRequest: perClientLimit(limiter, (s) => `Try again in ${waitInWords(s)}.`) },
      () => ({
        ok: true,
      }),
    );
    const send = (remoteAddress: string) => app.inject({ method: 'POST', url: '/contact', remoteAddress });

    expect((await send('2001:db8:7:1::a')).statusCode).toBe(200);
    expect((await send('2001:db8:7:1:ffff::1')).statusCode).toBe(200);
    const refused = await send('2001:db8:7:1::b');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: 'Try again in 10 minutes.' } });
    expect(refused.headers['retry-after']).toBe('600');
    expect((await send('2001:db8:7:2::a')).statusCode).toBe(200);
    await app.close();
  });
});

describe('waitInWords', () => {
  it('says a wait the way a person would, rounded up', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(45)).toBe('45 seconds');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(86_400)).toBe('24 hours');
  });
});
