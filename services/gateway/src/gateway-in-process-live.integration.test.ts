// Live served inside the gateway's process (in-process-service.ts; the embedded mode does), against a real
// Postgres for the admin sessions: the socket is live's own route — an admin's cookie makes it an admin
// socket, a visitor's heartbeat reaches the admin's live list — and what the gateway puts in front of the
// proxied socket still applies: the same-origin rule on every handshake (403 before live sees it), the cap
// of sockets per client address (429), the protocol's frame limit (1009 from the header alone); a route
// live would add beside its socket is refused at start, and an upgrade to any other path is answered and
// its socket closed.
import { describe, expect } from 'vitest';
import { liveCloseCodes } from '@bodymetrics/contracts';
import { inProcessLive } from '@bodymetrics/live';
import { eventually, openLiveSocket } from '@bodymetrics/testing';
import { test } from '@bodymetrics/testing/fixtures';
import { buildGateway } from './app';
import { closeCode, frameHeader, handshake, openConnection } from './test-sockets';
import { proxiedBut, seedAdmin, startEchoUpstreams } from './test-support';

const publicBaseUrl = 'https://bodymetrics.example';
const ownPage = { origin: publicBaseUrl };
const socketsPerClient = 3;

const it = test.extend('served', { scope: 'file' }, async ({ database }, { onCleanup }) => {
  const echoes = await startEchoUpstreams();
  const live = inProcessLive({ db: database.db, presence: 'memory', sweepIntervalMs: 100 });
  const inProcess = { live };
  const gateway = await buildGateway({
    upstreams: proxiedBut(echoes.upstreams, inProcess),
    inProcess,
    publicBaseUrl,
    socketsPerClient,
    publicDir: '/nonexistent',
    adminDir: '/nonexistent',
  });
  // As the composer closes them: the gateway, then live's presence and hub, then the other services.
  onCleanup(async () => {
    await gateway.close();
    await live.close();
    await echoes.close();
  });
  const baseUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
  const { session } = await seedAdmin(database.db, 'live-operator');
  return { baseUrl, session };
});

describe('live in the gateway’s process', () => {
  it("is live's own socket: the admin's cookie makes an admin socket, which sees a visitor arrive", async ({
    served,
  }) => {
    const admin = openLiveSocket(served.baseUrl, '/analytics-ws?role=admin', {
      ...ownPage,
      cookie: `bm_admin_session=${served.session}`,
    });
    const visitor = openLiveSocket(served.baseUrl, '/analytics-ws', ownPage);
    try {
      await Promise.all([admin.opened, visitor.opened]);
      expect((await admin.next('connection_info')).data).toMatchObject({ role: 'admin' });
      visitor.send({
        type: 'user_active',
        data: {
          visitorId: 'visitor-in-process',
          sessionId: 'session-1',
          currentPage: '/results',
          deviceType: 'mobile',
          browser: 'Safari',
          location: 'Bucharest',
        },
      });
      await eventually(async () =>
        expect(JSON.stringify((await admin.next('active_users_update')).data)).toContain(
          'visitor-in-process',
        ),
      );
    } finally {
      admin.socket.close();
      visitor.socket.close();
    }
  });

  it('refuses a handshake from another origin, or with no proof, with 403 before live sees it', async ({
    served,
  }) => {
    const proofs: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      {},
    ];
    for (const proof of proofs) {
      const res = await handshake(`${served.baseUrl}/analytics-ws?role=admin`, {
        cookie: `bm_admin_session=${served.session}`,
        ...proof,
      });
      expect(res.status, JSON.stringify(proof)).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('cross_origin_refused');
    }
  });

  it('refuses the socket over the cap of one address with 429', async ({ served }) => {
    const open = [];
    for (let i = 0; i < socketsPerClient; i++) {
      const s = await handshake(`${served.baseUrl}/analytics-ws`, ownPage);
      expect(s.status).toBe(101);
      open.push(s.socket!);
    }
    const extra = await handshake(`${served.baseUrl}/analytics-ws`, ownPage);
    expect(extra.status).toBe(429);
    expect(JSON.parse(extra.body).error.code).toBe('rate_limited');
    for (const s of open) s.destroy();
  });

  it('closes a socket whose frame announces more than the protocol limit, with 1009', async ({ served }) => {
    const { status, socket } = await handshake(`${served.baseUrl}/analytics-ws`, ownPage);
    expect(status).toBe(101);
    const received: Buffer[] = [];
    socket!.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<void>((resolve) => socket!.on('close', () => resolve()));
    socket!.write(frameHeader(32 * 1024 * 1024));
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    expect(closeCode(Buffer.concat(received))).toBe(liveCloseCodes.messageTooBig);
    socket!.destroy();
  });

  it('answers an upgrade to another path as a request, then closes its socket', async ({ served }) => {
    const { socket, received, closed } = await openConnection(Number(new URL(served.baseUrl).port));
    socket.write(
      'GET /api/affiliate-offers/all HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n' +
        `Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${'a'.repeat(22)}==\r\n\r\n`,
    );
    const ended = await Promise.race([
      closed.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 3_000)),
    ]);
    socket.destroy();
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
    expect(received()).toContain('"upstream":"offers"');
    expect(ended).toBe(true);
  });

  it('refuses at start a route live would add beside its socket', async () => {
    const echoes = await startEchoUpstreams();
    try {
      await expect(
        buildGateway({
          upstreams: proxiedBut(echoes.upstreams, { live: {} }),
          inProcess: { live: { routes: (scope) => void scope.get('/api/live/extra', () => ({})) } },
          publicDir: '/nonexistent',
          adminDir: '/nonexistent',
        }),
      ).rejects.toThrow(/live in-process: GET \/api\/live\/extra is not its socket's route/);
    } finally {
      await echoes.close();
    }
  });
});
