// Requests refused before any route runs (by the router, by Node's HTTP parser) still answer in the one
// error shape.
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from './app';

describe('router errors', () => {
  const app = createServiceApp({ name: 'demo' });
  app.get('/api/things/:id', () => ({ ok: true }));

  it('answers a path parameter over the router limit with 414 in the error shape', async () => {
    const res = await app.inject(`/api/things/${'x'.repeat(500)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      error: { code: 'uri_too_long', message: 'path: a segment of the path is too long' },
    });
  });

  it('answers a path that is not valid percent-encoding with 400 in the error shape', async () => {
    const res = await app.inject('/api/things/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid_request', message: 'path: is not a valid URL path' },
    });
  });
});

describe("requests Node's HTTP parser refuses", () => {
  it('answers a request line over the header size limit with 431 in the error shape', async () => {
    const app = createServiceApp({ name: 'demo' });
    app.get('/api/things/:id', () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/things/${'%c3%bf'.repeat(4000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    await app.close();
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'headers_too_large', message: 'The request line or headers are too large' },
    });
  });
});

describe('NUL characters', () => {
  it('are refused as a 400 naming the field, wherever they are', async () => {
    const app = createServiceApp({ name: 'demo' });
    app.post('/api/things/:id', (request) => ({ body: request.body }));
    const body = await app.inject({
      method: 'POST',
      url: '/api/things/1',
      payload: { name: 'Ana', nested: { note: 'a\u0000b' } },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      error: { code: 'validation_error', message: 'nested.note: must not contain a NUL character' },
    });
    const query = await app.inject({ method: 'POST', url: '/api/things/1?token=a%00b', payload: {} });
    expect(query.json()).toMatchObject({ error: { message: 'token: must not contain a NUL character' } });
    const param = await app.inject({ method: 'POST', url: '/api/things/a%00', payload: {} });
    expect(param.json()).toMatchObject({ error: { message: 'id: must not contain a NUL character' } });
    const fine = await app.inject({
      method: 'POST',
      url: '/api/things/1?token=ab',
      payload: { name: 'Ana' },
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('arrays and objects nested too deep', () => {
  const app = createServiceApp({ name: 'demo' });
  app.post('/api/things', (request) => ({ body: request.body }));
  const post = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload,
    });
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('are refused as a 400 naming the top-level field, not a 500 from an overflowing walk', async () => {
    // About 8 KB: what one tracking request can carry.
    for (const [field, payload] of [
      ['visitorId', `{"visitorId":${nested(4000)}}`],
      ['stepData', `{"visitorId":"v","stepData":${nestedObjects(1600)}}`],
      ['list', `{"visitorId":"v","list":[1,{"x":${nested(30_000)}}]}`],
    ]) {
      const res = await post(payload!);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'validation_error',
          message: `${field}: must not nest arrays or objects more than 32 levels deep`,
          details: [{ field, message: 'must not nest arrays or objects more than 32 levels deep' }],
        },
      });
    }
  });

  it('name the body when the body itself is the nesting', async () => {
    const res = await post(nested(4000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { details: [{ field: '(body)' }] } });
  });

  it('takes 32 levels below the body, and refuses the 33rd', async () => {
    expect((await post(`{"a":${nested(32)}}`)).statusCode).toBe(200);
    expect((await post(`{"a":${nested(33)}}`)).statusCode).toBe(400);
  });
});
