// @vitest-environment jsdom
// The live panel and the "Utilizatori activi" card of the real dashboard (App, signed in) while the live
// socket is down and after it comes back, against a real HTTP and WebSocket server on the loopback.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { App } from '../App';
import { adminSessionStorageKey } from '../lib/admin-session-storage';
import { closeServer, servePage } from '../test/loopback-page';
import { cardTexts, dashboardTexts, liveLinkTexts, liveUsersTexts } from '../texts';

function handle(req: IncomingMessage, res: ServerResponse) {
  res.writeHead(req.url === '/api/admin/validate-session' ? 200 : 404, {
    'Content-Type': 'application/json',
  });
  // The reads are not what this test is about: they fail (404), the live panel does not depend on them.
  res.end(
    JSON.stringify(
      req.url === '/api/admin/validate-session'
        ? { valid: true, username: 'admin' }
        : { error: { code: 'NOT_FOUND', message: 'Not found' } },
    ),
  );
}

let server: Server;
let sockets: WebSocketServer;
/** While true every handshake is turned away (502), as the gateway does when the live service is away. */
let refusing = false;
const open: WebSocket[] = [];

beforeAll(async () => {
  server = createServer(handle);
  sockets = new WebSocketServer({
    server,
    path: '/analytics-ws',
    verifyClient: (_info, done) => done(!refusing, 502),
  });
  sockets.on('connection', (socket) => {
    open.push(socket);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === 'auth') {
        socket.send(
          JSON.stringify({ type: 'connection_info', data: { role: 'admin', updateIntervalMs: 5000 } }),
        );
      }
      if (message.type === 'request_analytics') {
        socket.send(
          JSON.stringify({
            type: 'active_users_update',
            data: {
              count: 1,
              users: [
                {
                  visitorId: 'visitor-0001',
                  currentPage: '/',
                  deviceType: 'desktop',
                  browser: 'Chrome',
                  timeOnSite: 30,
                  location: 'Cluj',
                },
              ],
            },
          }),
        );
      }
    });
  });
  await servePage(server);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  refusing = false;
  for (const socket of open.splice(0)) socket.terminate();
});

afterAll(async () => {
  sockets.close();
  await closeServer(server);
});

const livePanel = () => screen.getByTestId('live-users');
/** The socket's first frames: a loaded CI host can take more than waitFor's default second to open it. */
const socketWait = { timeout: 5000 };
const activeUsersValue = () =>
  screen.getByTestId('card-active-users').querySelector('.stat-value')?.textContent;

describe('the live panel while the real-time socket is down', () => {
  it('says the connection is down with the attempt under way, shows the count as unavailable, and clears when it is back', async () => {
    window.localStorage.setItem(adminSessionStorageKey, 'session-1');
    render(<App />);

    // Connected: the live list and the count.
    await waitFor(() => expect(within(livePanel()).getByRole('table')).toBeTruthy(), socketWait);
    expect(within(livePanel()).getByTitle('visitor-0001')).toBeTruthy();
    expect(activeUsersValue()).toBe('1');
    expect(within(livePanel()).getByTestId('live-link-status').textContent).toBe('');

    // The live service goes away.
    refusing = true;
    open[0]?.close(1011, 'live store away');
    const status = await within(livePanel()).findByText(liveLinkTexts.down);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(within(livePanel()).getByTestId('live-reconnect-attempt').textContent).toBe(
      liveLinkTexts.attempt(1),
    );
    // Not "loading", not a stale list, not a dash.
    expect(within(livePanel()).queryByText(dashboardTexts.loading)).toBeNull();
    expect(within(livePanel()).queryByRole('table')).toBeNull();
    expect(activeUsersValue()).toBe(cardTexts.activeUsersUnavailable);
    expect(screen.getByTestId('card-active-users').textContent).toContain(
      cardTexts.activeUsersUnavailableHint,
    );
    expect(screen.getByTestId('realtime-indicator').textContent).toContain(
      dashboardTexts.realtimeDisconnected,
    );

    // The operator does not wait out the backoff: the attempt is made now, refused, and the next one counted.
    fireEvent.click(within(livePanel()).getByRole('button', { name: liveLinkTexts.retryNow }));
    await waitFor(() =>
      expect(within(livePanel()).getByTestId('live-reconnect-attempt').textContent).toBe(
        liveLinkTexts.attempt(2),
      ),
    );

    // Back: the down state clears, the list and the count return.
    refusing = false;
    fireEvent.click(within(livePanel()).getByRole('button', { name: liveLinkTexts.retryNow }));
    await waitFor(() => expect(within(livePanel()).getByRole('table')).toBeTruthy(), socketWait);
    expect(within(livePanel()).queryByText(liveLinkTexts.down)).toBeNull();
    expect(within(livePanel()).queryByRole('button', { name: liveLinkTexts.retryNow })).toBeNull();
    expect(within(livePanel()).getByTestId('live-link-status').textContent).toBe('');
    expect(activeUsersValue()).toBe('1');
    expect(screen.getByTestId('realtime-indicator').textContent).toContain(dashboardTexts.realtimeConnected);
    expect(within(livePanel()).getByRole('heading', { name: liveUsersTexts.heading })).toBeTruthy();
  });
});
