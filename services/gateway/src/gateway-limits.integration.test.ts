// What one client can hold open at the gateway: a request whose body stalls is cut (408) within the request
// timeout; connections and live sockets are capped per client address; a WebSocket frame over the live
// protocol's 4 KB is refused (1009) from its header, before its bytes are buffered.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCloseCodes, liveMaxMessageBytes } from '@bodymetrics/contracts';
import { buildGateway, type Gateway } from './app';
import { startEchoUpstreams } from './test-support';
import { closeCode, frameHeader, handshake, openConnection, stalledBody } from './test-sockets';

let echoes: Awaited<ReturnType<typeof startEchoUpstreams>>;
let gateway: Gateway;
let port: number;
let baseUrl: string;
const connectionsPerClient = 4;
const socketsPerClient = 2;

beforeAll(async () => {
  echoes = await startEchoUpstreams();
  gateway = await buildGateway({
    upstreams: echoes.upstreams,
    publicDir: '/nonexistent',
    adminDir: '/nonexistent',
    timeouts: { requestTimeoutMs: 1_000 },
    connectionLimits: { maxConnections: 500, connectionsPerClient },
    socketsPerClient,
  });
  baseUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
  port = (gateway.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await gateway?.close();
  await echoes?.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('a stalled request body', () => {
  it('is answered 408 in the error shape and closed within the request timeout', async () => {
    const { text, closedAfterMs } = await stalledBody(port);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(4_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'request_timeout', message: 'The request was not received in time' },
    });
  });
});

describe('open connections', () => {
  it('are capped in all (server.maxConnections)', () => {
    expect(gateway.server.maxConnections).toBe(500);
  });

  it('from one address: the one over the cap is refused with 429, and a place frees up when one closes', async () => {
    const held = [];
    for (let i = 0; i < connectionsPerClient; i++) held.push(await openConnection(port));
    await settle();
    const extra = await openConnection(port);
    await extra.closed;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(JSON.parse(extra.received().slice(extra.received().indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'rate_limited', message: 'Too many open connections from this address' },
    });
    // The ones within the cap still work.
    held[0]!.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await settle();
    expect(held[0]!.received()).toMatch(/^HTTP\/1\.1 200 /);

    held[1]!.socket.destroy();
    await held[1]!.closed;
    await settle();
    const again = await openConnection(port);
    again.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await settle();
    expect(again.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of [...held, again]) c.socket.destroy();
    await settle();
  });
});

describe('live sockets through the gateway', () => {
  const wsUrl = () => `${baseUrl}/analytics-ws`;
  // Every socket comes from the site's own page (the default public origin), as a browser's does.
  const ownPage = { origin: 'http://127.0.0.1:8080' };

  it('a frame over the protocol limit closes the socket with 1009 from its header alone', async () => {
    const { status, socket } = await handshake(wsUrl(), ownPage);
    expect(status).toBe(101);
    const received: Buffer[] = [];
    socket!.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<void>((resolve) => socket!.on('close', () => resolve()));
    // 32 MiB announced, not one byte of it sent: the gateway may not wait for (or keep) the payload.
    socket!.write(frameHeader(32 * 1024 * 1024));
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    expect(closeCode(Buffer.concat(received))).toBe(liveCloseCodes.messageTooBig);
    socket!.destroy();
  });

  it('a message of exactly the limit still passes both ways', async () => {
    // Node's WebSocket (undici) takes extra handshake headers: the Origin a browser sends.
    const socket = new WebSocket(wsUrl().replace(/^http/, 'ws'), { headers: ownPage } as unknown as string[]);
    const messages: string[] = [];
    const next = () =>
      new Promise<string>((resolve) => {
        const poll = () => (messages.length ? resolve(messages.shift()!) : setTimeout(poll, 10));
        poll();
      });
    socket.addEventListener('message', (event) => messages.push(String(event.data)));
    await new Promise((resolve) => socket.addEventListener('open', resolve));
    expect(JSON.parse(await next())).toMatchObject({ type: 'hello' });
    const message = 'x'.repeat(liveMaxMessageBytes);
    socket.send(message);
    expect(JSON.parse(await next())).toEqual({ type: 'echo', data: message });
    socket.close();
  });

  it('from one address: the socket over the cap is refused with 429 in the error shape', async () => {
    const open = [];
    for (let i = 0; i < socketsPerClient; i++) {
      const s = await handshake(wsUrl(), ownPage);
      expect(s.status).toBe(101);
      open.push(s.socket!);
    }
    const extra = await handshake(wsUrl(), ownPage);
    expect(extra.status).toBe(429);
    expect(JSON.parse(extra.body)).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many live connections from this address; close one and try again',
      },
    });
    open[0]!.destroy();
    await settle();
    const again = await handshake(wsUrl(), ownPage);
    expect(again.status).toBe(101);
    again.socket!.destroy();
    for (const s of open) s.destroy();
  });
});
