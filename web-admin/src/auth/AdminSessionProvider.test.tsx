// @vitest-environment jsdom
// The admin session in the real app tree (App: AdminSessionProvider, login screen, dashboard, toaster)
// against a real HTTP server: signed out shows the login; a 401 from an analytics read signs the operator
// out with the "Sesiunea a expirat" toast.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { App } from '../App';
import { adminSessionStorageKey } from '../lib/admin-session-storage';
import { closeServer, servePage } from '../test/loopback-page';
import { loginTexts } from '../texts';

const requests: string[] = [];
let validSession = true;

function handle(req: IncomingMessage, res: ServerResponse) {
  requests.push(`${req.method} ${req.url}`);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'POST' && req.url === '/api/admin/validate-session') {
    send(200, validSession ? { valid: true, username: 'admin' } : { valid: false });
  } else if (req.url?.startsWith('/api/analytics/')) {
    send(401, { error: { code: 'UNAUTHORIZED', message: 'Session expired' } });
  } else {
    send(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  }
}

let server: Server;
let sockets: WebSocketServer;

beforeAll(async () => {
  server = createServer(handle);
  // The dashboard's live socket is taken and left quiet: the 401 in these tests comes from a read.
  sockets = new WebSocketServer({ server, path: '/analytics-ws' });
  await servePage(server);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  requests.length = 0;
});

afterAll(async () => {
  for (const client of sockets.clients) client.terminate();
  sockets.close();
  await closeServer(server);
});

describe('AdminSessionProvider', () => {
  it('shows the login screen to an operator with no stored session, without asking the server', async () => {
    render(<App />);
    expect(await screen.findByRole('button', { name: loginTexts.submit })).toBeTruthy();
    expect(screen.getByLabelText(loginTexts.username)).toBeTruthy();
    expect(requests.filter((r) => r.startsWith('POST /api/admin/validate-session'))).toEqual([]);
  });

  it('forgets a stored session the server no longer knows and shows the login, without a toast', async () => {
    window.localStorage.setItem(adminSessionStorageKey, 'session-gone');
    validSession = false;
    try {
      render(<App />);
      expect(await screen.findByRole('button', { name: loginTexts.submit })).toBeTruthy();
      expect(window.localStorage.getItem(adminSessionStorageKey)).toBeNull();
      expect(requests).toEqual(['POST /api/admin/validate-session']);
      expect(screen.queryByText(loginTexts.sessionExpiredTitle)).toBeNull();
    } finally {
      validSession = true;
    }
  });

  it('signs the operator out with "Sesiunea a expirat" when an analytics read answers 401', async () => {
    window.localStorage.setItem(adminSessionStorageKey, 'session-1');
    render(<App />);

    // The stored session is checked, the dashboard reads, the read answers 401: back to the login.
    // The dashboard's first reads, then the 401: more than findBy's default second on a loaded host.
    expect(await screen.findByText(loginTexts.sessionExpiredTitle, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(loginTexts.sessionExpired)).toBeTruthy();
    expect(await screen.findByRole('button', { name: loginTexts.submit })).toBeTruthy();
    expect(window.localStorage.getItem(adminSessionStorageKey)).toBeNull();
    expect(requests).toContain('POST /api/admin/validate-session');
    expect(requests.some((r) => r.startsWith('GET /api/analytics/'))).toBe(true);
    // Several reads fail at once; the operator is told once.
    await waitFor(() => expect(screen.getAllByText(loginTexts.sessionExpiredTitle)).toHaveLength(1));
  });
});
