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

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(404).end());
  sockets = new WebSocketServer({ server, path: '/analytics-ws' });
  sockets.on('connection', (socket, req) => {
    const connection: Connection = { socket, url: req.url ?? '', received: [] };
    socket.on('message', (data) => connection.received.push(JSON.parse(String(data))));
    connections.push(connection);
  });
  await servePage(server);
});

afterEach(() => {
  cleanup();
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
