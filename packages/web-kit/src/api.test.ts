// The data layer against a real HTTP server on the loopback: the URL a call builds from its route
// contract, what it sends, how it parses the answer and what a failed call says.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuthRoutes, analyticsRoutes, offersRoutes, reportsRoutes } from '@bodymetrics/contracts';
import { apiRequest, call, HttpError, isHttpError, ResponseShapeError } from './api';

let server: Server;
let base = '';
let lastRequest: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string } | null = null;
/** What the server answers next: status, content type and body. */
let next: { status: number; type?: string; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      lastRequest = { method: req.method, url: req.url, headers: req.headers, body };
      res.writeHead(next.status, next.type ? { 'content-type': next.type } : {}).end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Node's fetch has no page to resolve the app's relative URLs against (a browser has): this server is the page.
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) =>
    nodeFetch(new URL(String(input), base), init),
  );
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const answer = (status: number, body: unknown, type = 'application/json') => {
  next = { status, type, body: typeof body === 'string' ? body : JSON.stringify(body) };
};

const legalPage = {
  id: 1,
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  content: '<p>…</p>',
  lastUpdated: '2026-01-01T00:00:00.000Z',
};

describe('call', () => {
  it("builds the URL from the route's path, its :params and its query", async () => {
    answer(200, legalPage);
    await expect(call(offersRoutes.legalPage, { params: { slug: 'privacy-policy' } })).resolves.toEqual(
      legalPage,
    );
    expect(lastRequest).toMatchObject({ method: 'GET', url: '/api/legal/privacy-policy', body: '' });

    answer(200, []);
    await call(analyticsRoutes.dailyStats, { query: { days: 7 } }, { sessionId: 's1' });
    expect(lastRequest?.url).toBe('/api/analytics/daily-stats?days=7');
    expect(lastRequest?.headers.authorization).toBe('Bearer s1');
    expect(lastRequest?.headers['content-type']).toBeUndefined();

    answer(200, []);
    await call(analyticsRoutes.dailyStats);
    expect(lastRequest?.url).toBe('/api/analytics/daily-stats');
  });

  it("sends the body as JSON with the route's method and answers the parsed body", async () => {
    answer(200, { success: true, sessionId: 'abc', username: 'operator', extra: 'dropped' });
    const login = await call(adminAuthRoutes.login, { body: { username: 'operator', password: 'pw' } });
    expect(login).toEqual({ success: true, sessionId: 'abc', username: 'operator' });
    expect(lastRequest?.method).toBe('POST');
    expect(lastRequest?.url).toBe('/api/admin/login');
    expect(lastRequest?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(lastRequest?.body ?? '')).toEqual({ username: 'operator', password: 'pw' });
  });

  it('fails with a ResponseShapeError naming the route and the field when the answer drifted', async () => {
    answer(200, { imageUrl: '/api/share-images/a.png' });
    const error = await call(reportsRoutes.generateShareImage, {
      body: { results: { bmi: 22.5, bmiCategory: 'Normal weight' }, platform: 'whatsapp' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toMatch(
      /^POST \/api\/generate-share-image answered a body its contract does not allow: shareUrl: /,
    );
  });

  it('fails with a ResponseShapeError when the answer is not JSON', async () => {
    answer(200, '<html>proxy page</html>', 'text/html');
    await expect(call(offersRoutes.all)).rejects.toThrow(
      new ResponseShapeError(offersRoutes.all, 'the body is not JSON'),
    );
  });

  it('maps a non-ok answer to an HttpError with the server’s code and message', async () => {
    answer(400, { error: { code: 'invalid_token', message: 'Link de resetare invalid sau expirat' } });
    const error = await call(adminAuthRoutes.resetPassword, { body: { token: 't', password: 'p' } }).catch(
      (e: unknown) => e,
    );
    expect(isHttpError(error, 400)).toBe(true);
    expect((error as HttpError).message).toBe(
      '400: {"error":{"code":"invalid_token","message":"Link de resetare invalid sau expirat"}}',
    );
    expect((error as HttpError).serverError()).toEqual({
      code: 'invalid_token',
      message: 'Link de resetare invalid sau expirat',
    });
  });
});

describe('apiRequest', () => {
  it('sends JSON and the session as a bearer token', async () => {
    answer(200, { valid: true });
    const response = await apiRequest('POST', `${base}/ok`, { sessionId: 's1' }, { sessionId: 's1' });
    await expect(response.json()).resolves.toEqual({ valid: true });
    expect(lastRequest?.method).toBe('POST');
    expect(lastRequest?.headers['content-type']).toBe('application/json');
    expect(lastRequest?.headers.authorization).toBe('Bearer s1');
    expect(JSON.parse(lastRequest?.body ?? '')).toEqual({ sessionId: 's1' });
  });

  it('sends no body and no content type when there is none', async () => {
    answer(200, { valid: true });
    await apiRequest('GET', `${base}/ok`);
    expect(lastRequest?.headers['content-type']).toBeUndefined();
    expect(lastRequest?.headers.authorization).toBeUndefined();
    expect(lastRequest?.body).toBe('');
  });

  it('fails with "<status>: <body>"', async () => {
    answer(500, 'boom', 'text/plain');
    const error = await apiRequest('GET', `${base}/boom`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('500: boom');
  });

  it('fails with "<status>: <status text>" when the body is empty', async () => {
    next = { status: 404, body: '' };
    await expect(apiRequest('GET', `${base}/empty`)).rejects.toHaveProperty('message', '404: Not Found');
  });

  it("exposes the server's error code and message", async () => {
    answer(400, { error: { code: 'invalid_token', message: 'Linkul de resetare a expirat' } });
    const error = await apiRequest('POST', `${base}/bad-token`, { token: 't', password: 'p' }).catch(
      (e: unknown) => e,
    );
    expect(isHttpError(error, 400)).toBe(true);
    expect((error as HttpError).serverError()).toEqual({
      code: 'invalid_token',
      message: 'Linkul de resetare a expirat',
    });
    expect(new HttpError(500, 'not json', 'Internal Server Error').serverError()).toEqual({});
  });
});
