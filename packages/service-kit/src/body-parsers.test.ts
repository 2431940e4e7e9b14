// Which bodies a service reads: text/plain only where a route takes beacons, and a prototype-poisoning
// key refused with a message that names it (not "not valid JSON").
import { describe, expect, it } from 'vitest';
import { createServiceApp } from './app';

const app = createServiceApp({ name: 'demo' });
app.post('/api/beacon', { config: { beacon: true } }, (request) => ({ body: request.body ?? null }));
app.post('/api/form', (request) => ({ body: request.body ?? null }));

describe('text/plain bodies', () => {
  it('are parsed as JSON on a route that takes beacons', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/beacon',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: '{"visitorId":"v1"}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { visitorId: 'v1' } });
  });

  it('are refused with 415 in the error shape everywhere else (what a cross-origin form can send)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/form',
      headers: { 'content-type': 'text/plain' },
      payload: '{"confirm":true}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: {
        code: 'unsupported_media_type',
        message: 'content-type: text/plain is not accepted on this route; send application/json',
      },
    });
  });
});

describe('prototype poisoning keys', () => {
  for (const [name, payload, field] of [
    ['__proto__ at the top', '{"name":"Ana","__proto__":{"isAdmin":true}}', '__proto__'],
    [
      'constructor.prototype nested',
      '{"a":{"constructor":{"prototype":{"x":1}}}}',
      'a.constructor.prototype',
    ],
    // Found by a walk that does not recurse: a recursive one overflows the stack on the arrays first (500).
    [
      '__proto__ after arrays nested 20,000 deep',
      `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)},"__proto__":{"isAdmin":true}}`,
      '__proto__',
    ],
  ] as const) {
    it(`answers 400 naming the key and the rule: ${name}`, async () => {
      for (const [url, type] of [
        ['/api/form', 'application/json'],
        ['/api/beacon', 'text/plain'],
      ]) {
        const res = await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: {
            code: 'validation_error',
            message: `${field}: keys named "__proto__" or "constructor.prototype" are not accepted`,
            details: [
              { field, message: 'keys named "__proto__" or "constructor.prototype" are not accepted' },
            ],
          },
        });
      }
    });
  }

  it('still calls a body that is not JSON at all not valid JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/form',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/not valid JSON/);
  });
});
