// @vitest-environment jsdom
// useRealtime against a real WebSocket server (ws) on the loopback, reached the way the dashboard reaches
// the gateway: ws://<page host>/analytics-ws?role=admin.
import { createServer, type Server } from 'node:http';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { createQueryClient } from '@bodymetrics/web-kit/query-client';
import { onUnauthorized } from '../lib/unauthorized';
import { closeServer, servePage } from '../test/loopback-page';
import { useRealtime } from './useRealtime';

interface Connection {
  socket: WebSocket;
  url: string;
  received: unknown[];
}

let server: Server;
let sockets: WebSocketServer;
let connections: Connection[] = [];
/** While true the server turns every handshake away (502), as the gateway does when live is unreachable. */
let refusing = false;
let refused = 0;

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(404).end());
  sockets = new WebSocketServer({
    server,
    path: '/analytics-ws',
    verifyClient: (_info, done) => {
      if (refusing) refused++;
      done(!refusing, 502);
    },
  });
  sockets.on('connection', (socket, req) => {
    const connection: Connection = { socket, url: req.url ?? '', received: [] };
    socket.on('message', (data) => connection.received.push(JSON.parse(String(data))));
    connections.push(connection);
  });
  await servePage(server);
});

afterEach(() => {
  cleanup();
  refusing = false;
  refused = 0;
  for (const { socket } of connections) socket.terminate();
  connections = [];
});

afterAll(async () => {
  sockets.close();
  await closeServer(server);
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

const send = (connection: Connection | undefined, message: unknown) =>
  connection?.socket.send(JSON.stringify(message));

describe('useRealtime', () => {
  it('connects as an admin, sends its session, and is connected once the server says so', async () => {
    const { result } = renderHook(() => useRealtime('session-1'), { wrapper });
    expect(result.current.connected).toBe(false);

    await waitFor(() => expect(connections[0]?.received).toHaveLength(2));
    const [first] = connections;
    expect(first?.url).toBe('/analytics-ws?role=admin');
    expect(first?.received).toEqual([
      { type: 'auth', data: { sessionId: 'session-1' } },
      { type: 'request_analytics' },
    ]);
    // Open is not enough: connected comes with connection_info.
    expect(result.current.connected).toBe(false);

    send(first, { type: 'connection_info', data: { role: 'admin', updateIntervalMs: 2000 } });
    await waitFor(() => expect(result.current.connected).toBe(true));
    expect(result.current.updateIntervalMs).toBe(2000);

    send(first, {
      type: 'active_users_update',
      data: {
        count: 1,
        users: [
          {
            visitorId: 'v-1',
            currentPage: '/',
            deviceType: 'mobile',
            browser: 'Chrome',
            timeOnSite: 12,
            location: 'Cluj',
          },
        ],
      },
    });
    await waitFor(() => expect(result.current.activeUsers?.count).toBe(1));
    expect(result.current.activeUsers?.users[0]?.visitorId).toBe('v-1');
  });

  it('reports disconnected when the server drops the socket, then reconnects and is connected again', async () => {
    const { result } = renderHook(() => useRealtime('session-2'), { wrapper });
    await waitFor(() => expect(connections).toHaveLength(1));
    send(connections[0], { type: 'connection_info', data: { role: 'admin' } });
    await waitFor(() => expect(result.current.connected).toBe(true));

    connections[0]?.socket.close(1011, 'live store away');
    await waitFor(() => expect(result.current.connected).toBe(false));

    // The first retry comes after 1 s, with the session again.
    await waitFor(() => expect(connections[1]?.received).toHaveLength(2), { timeout: 5000 });
    expect(connections[1]?.received[0]).toEqual({ type: 'auth', data: { sessionId: 'session-2' } });
    send(connections[1], { type: 'connection_info', data: { role: 'admin' } });
    await waitFor(() => expect(result.current.connected).toBe(true));
  });

  it('is down, with the reconnect attempt under way, from a drop until the server takes a socket again', async () => {
    const { result } = renderHook(() => useRealtime('session-5'), { wrapper });
    expect(result.current.link).toEqual({ status: 'connecting' });
    await waitFor(() => expect(connections).toHaveLength(1));
    send(connections[0], { type: 'connection_info', data: { role: 'admin' } });
    send(connections[0], { type: 'active_users_update', data: { count: 2, users: [] } });
    await waitFor(() => expect(result.current.activeUsers?.count).toBe(2));
    expect(result.current.link).toEqual({ status: 'connected' });

    // The live service goes away: the socket drops and every new handshake is refused.
    refusing = true;
    connections[0]?.socket.close(1011, 'live store away');
    await waitFor(() => expect(result.current.link).toEqual({ status: 'down', reconnectAttempt: 1 }));
    expect(result.current.connected).toBe(false);
    // The count of before the drop is not shown as if it were current.
    expect(result.current.activeUsers).toBeNull();

    // The first retry (after 1 s) is refused: the second is now awaited (after 2 s more).
    await waitFor(() => expect(result.current.link).toEqual({ status: 'down', reconnectAttempt: 2 }), {
      timeout: 3000,
    });
    expect(refused).toBe(1);

    // "Reîncearcă acum" does not wait out the backoff.
    act(() => result.current.retryNow());
    await waitFor(() => expect(result.current.link).toEqual({ status: 'down', reconnectAttempt: 3 }));
    expect(refused).toBe(2);

    // The live service is back: the next attempt is taken, and the state clears once the server says so.
    refusing = false;
    act(() => result.current.retryNow());
    await waitFor(() => expect(connections[1]?.received).toHaveLength(2));
    expect(result.current.link.status).toBe('down');
    send(connections[1], { type: 'connection_info', data: { role: 'admin' } });
    send(connections[1], { type: 'active_users_update', data: { count: 1, users: [] } });
    await waitFor(() => expect(result.current.link).toEqual({ status: 'connected' }));
    expect(result.current.connected).toBe(true);
    await waitFor(() => expect(result.current.activeUsers?.count).toBe(1));

    // Connected again means the backoff starts over: the next drop is attempt 1 again.
    connections[1]?.socket.close(1011, 'live store away');
    await waitFor(() => expect(result.current.link).toEqual({ status: 'down', reconnectAttempt: 1 }));
  });

  it('is down from the start when the first handshake is refused, and counts the attempts that an open-then-close server turns away', async () => {
    refusing = true;
    const { result } = renderHook(() => useRealtime('session-6'), { wrapper });
    await waitFor(() => expect(result.current.link).toEqual({ status: 'down', reconnectAttempt: 1 }));
    expect(result.current.activeUsers).toBeNull();

    // While Redis is away the live service opens the socket and closes it at once (1011): an open socket
    // is not a connection, so the attempts keep counting up rather than restarting at 1.
    refusing = false;
    sockets.once('connection', (socket) => socket.close(1011, 'live store away'));
    act(() => result.current.retryNow());
    await waitFor(() => expect(result.current.link).toEqual({ status: 'down', reconnectAttempt: 2 }));
    expect(connections).toHaveLength(1);
  });

  it('ends the session and stops reconnecting when the server closes with 4401', async () => {
    let unauthorized = 0;
    const stop = onUnauthorized(() => unauthorized++);
    try {
      const { result } = renderHook(() => useRealtime('session-3'), { wrapper });
      await waitFor(() => expect(connections).toHaveLength(1));
      connections[0]?.socket.close(4401, 'session expired');
      await waitFor(() => expect(unauthorized).toBe(1));
      expect(result.current.connected).toBe(false);
      await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
      expect(connections).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('closes its socket when unmounted', async () => {
    const { unmount } = renderHook(() => useRealtime('session-4'), { wrapper });
    await waitFor(() => expect(connections).toHaveLength(1));
    const closed = new Promise<void>((resolve) => connections[0]?.socket.once('close', () => resolve()));
    unmount();
    await closed;
  });
});
