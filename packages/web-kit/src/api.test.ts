// The generic data layer against a real HTTP server on the loopback: what a failed call says.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, apiRequest, HttpError, isHttpError } from './api';

let server: Server;
let base = '';
let lastRequest: { method?: string; headers: IncomingHttpHeaders; body: string } | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      lastRequest = { method: req.method, headers: req.headers, body };
      if (req.url === '/ok') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"valid":true}');
      } else if (req.url === '/bad-token') {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end('{"error":{"code":"invalid_token","message":"Linkul de resetare a expirat"}}');
      } else if (req.url === '/empty') {
        res.writeHead(404).end();
      } else {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('apiRequest', () => {
  it('sends JSON and the session as a bearer token', async () => {
    await expect(apiJson('POST', `${base}/ok`, { sessionId: 's1' }, { sessionId: 's1' })).resolves.toEqual({
      valid: true,
    });
    expect(lastRequest?.method).toBe('POST');
    expect(lastRequest?.headers['content-type']).toBe('application/json');
    expect(lastRequest?.headers.authorization).toBe('Bearer s1');
    expect(JSON.parse(lastRequest?.body ?? '')).toEqual({ sessionId: 's1' });
  });

  it('sends no body and no content type when there is none', async () => {
    await apiRequest('GET', `${base}/ok`);
    expect(lastRequest?.headers['content-type']).toBeUndefined();
    expect(lastRequest?.headers.authorization).toBeUndefined();
    expect(lastRequest?.body).toBe('');
  });

  it('fails with "<status>: <body>"', async () => {
    const error = await apiRequest('GET', `${base}/boom`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('500: boom');
  });

  it('fails with "<status>: <status text>" when the body is empty', async () => {
    await expect(apiRequest('GET', `${base}/empty`)).rejects.toHaveProperty('message', '404: Not Found');
  });

  it("exposes the server's error code and message", async () => {
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
