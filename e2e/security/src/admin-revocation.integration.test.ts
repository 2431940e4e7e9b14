// Logout, a password reset and disabling an admin close that admin's open live sockets
// at once — through the whole system (admin-auth announces on Redis, live closes with 4401), not at the
// live service's periodic session re-check, which stays at its default minute here.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSessionsRevoked, runAdminCommand } from '@bodymetrics/admin-auth';
import { adminSessionCookie } from '@bodymetrics/service-kit';
import { openLiveSocket, type LiveSocket } from '@bodymetrics/testing';
import { post } from './requests';
import { adminPassword, createOperator, startSystem, type System } from './system';

let system: System;
let ipCounter = 0;
/** What the admin screen sends along (same-origin fetch). */
const sameOrigin = { 'sec-fetch-site': 'same-origin' };

beforeAll(async () => {
  system = await startSystem({ label: 'admin_revocation' });
  for (const username of ['ana', 'bogdan', 'carmen', 'dan']) await createOperator(system.db, username);
});
afterAll(async () => {
  await system?.close();
});

async function loginAs(username: string, password = adminPassword): Promise<string> {
  const res = await post(
    system.gateway,
    '/api/admin/login',
    { username, password },
    { ip: `198.18.${++ipCounter}.1`, headers: sameOrigin },
  );
  expect(res.statusCode).toBe(200);
  return res.json<{ sessionId: string }>().sessionId;
}

/** The dashboard's socket, admitted and receiving live data. */
async function dashboardSocket(sessionId: string): Promise<LiveSocket> {
  const socket = openLiveSocket(system.baseUrl, '/analytics-ws?role=admin', {
    cookie: `${adminSessionCookie}=${sessionId}`,
  });
  expect(await socket.next('connection_info')).toMatchObject({ data: { role: 'admin' } });
  expect(await socket.next('active_users_update')).toMatchObject({ data: { count: expect.any(Number) } });
  return socket;
}

/** The close code, if the socket closes within `ms`. */
const closedWithin = (socket: LiveSocket, ms: number) =>
  Promise.race([
    socket.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms)),
  ]);

describe('ended sessions close the admin live socket at once', () => {
  it('logout', async () => {
    const sessionId = await loginAs('ana');
    const socket = await dashboardSocket(sessionId);
    const otherTab = await dashboardSocket(await loginAs('ana'));

    const res = await post(system.gateway, '/api/admin/logout', { sessionId }, { headers: sameOrigin });
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(socket, 2_000)).toBe(4401);
    // Only the session that logged out: the operator's other browser keeps its live data.
    expect(otherTab.socket.readyState).toBe(WebSocket.OPEN);
    otherTab.socket.close();
  });

  it('a password reset', async () => {
    const socket = await dashboardSocket(await loginAs('bogdan'));
    // The link the reset mail would carry (the mail itself is covered by admin-auth's tests).
    const token = randomBytes(32).toString('base64url');
    await system.db
      .insertInto('password_resets')
      .values({
        email: 'bogdan@bodymetrics.test',
        token: createHash('sha256').update(token).digest('hex'),
        expires_at: new Date(Date.now() + 600_000),
      })
      .execute();
    const res = await post(
      system.gateway,
      '/api/admin/reset-password',
      { token, password: 'o parola noua 2026' },
      { headers: sameOrigin },
    );
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(socket, 2_000)).toBe(4401);
  });

  it('disabling the admin (npm run admin -- disable)', async () => {
    const sockets = [
      await dashboardSocket(await loginAs('carmen')),
      await dashboardSocket(await loginAs('carmen')),
    ];
    const bystander = await dashboardSocket(await loginAs('dan'));
    await runAdminCommand(
      system.db,
      { command: 'disable', username: 'carmen', email: undefined, password: undefined },
      undefined,
      publishSessionsRevoked(system.redis, system.keyPrefix),
    );
    for (const socket of sockets) expect(await closedWithin(socket, 2_000)).toBe(4401);
    expect(bystander.socket.readyState).toBe(WebSocket.OPEN);
    bystander.socket.close();
  });
});
