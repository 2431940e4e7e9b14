// /analytics-ws through the gateway: a real WebSocket to a stub live service, messages both ways, and the
// admin cookie reaching live (it decides admin vs visitor sockets).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from './app';
import { startEchoUpstreams, unusedUrl } from './test-support';

let echoes: Awaited<ReturnType<typeof startEchoUpstreams>>;
let gateway: Gateway;
let wsUrl: string;

beforeAll(async () => {
  echoes = await startEchoUpstreams();
  gateway = await buildGateway({
    upstreams: echoes.upstreams,
    publicDir: '/nonexistent',
    adminDir: '/nonexistent',
  });
  wsUrl = (await gateway.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws') + '/analytics-ws';
});

afterAll(async () => {
  await gateway?.close();
  await echoes?.close();
});

interface Frame {
  type: string;
  upstream?: string;
  url?: string;
  headers?: Record<string, string>;
  data?: string;
}

/** Opens a socket and collects its frames; `next()` resolves with the next one. */
function connect(url: string, headers: Record<string, string> = {}) {
  // Node's WebSocket (undici) accepts extra handshake headers, as a browser sends its cookies.
  const socket = new WebSocket(url, { headers } as unknown as string[]);
  const frames: Frame[] = [];
  const waiting: Array<(f: Frame) => void> = [];
  socket.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as Frame;
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (e) => resolve(e.code)));
  return {
    socket,
    closed,
    opened: new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve());
      socket.addEventListener('error', () => reject(new Error('socket error')));
    }),
    next: () =>
      new Promise<Frame>((resolve) => (frames.length ? resolve(frames.shift()!) : waiting.push(resolve))),
  };
}

describe('/analytics-ws', () => {
  it('reaches the live service with the cookie, the query string and the forwarded address, both ways', async () => {
    // From the site's own page: a browser sends its Origin with every handshake.
    const client = connect(`${wsUrl}?role=admin`, {
      cookie: 'bm_admin_session=s3cret',
      origin: 'http://127.0.0.1:8080',
    });
    await client.opened;
    const hello = await client.next();
    expect(hello).toMatchObject({ type: 'hello', upstream: 'live', url: '/analytics-ws?role=admin' });
    expect(hello.headers).toMatchObject({
      cookie: 'bm_admin_session=s3cret',
      'x-forwarded-for': '127.0.0.1',
    });
    expect(hello.headers?.['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    client.socket.send(JSON.stringify({ type: 'request_analytics' }));
    expect(await client.next()).toEqual({ type: 'echo', data: '{"type":"request_analytics"}' });
    client.socket.close();
    await client.closed;
  });

  it('closes the socket when the live service is down, and the gateway keeps serving', async () => {
    const down = await unusedUrl();
    const partial = await buildGateway({
      upstreams: { ...echoes.upstreams, live: down },
      publicDir: '/nonexistent',
      adminDir: '/nonexistent',
    });
    try {
      const url =
        (await partial.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws') + '/analytics-ws';
      // From the site's own page, so that it is the live service being down that closes it.
      const client = connect(url, { origin: 'http://127.0.0.1:8080' });
      client.opened.catch(() => {});
      expect(await client.closed).not.toBe(1000);
      expect((await partial.inject({ method: 'GET', url: '/api/affiliate-offers/all' })).statusCode).toBe(
        200,
      );
    } finally {
      await partial.close();
    }
  });
});
