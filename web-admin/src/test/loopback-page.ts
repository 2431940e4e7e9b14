// For component tests under jsdom: the page lives on a real server on the loopback, so the app's relative
// URLs (`/api/...`, `/analytics-ws`) reach that server as they reach the gateway in a browser.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

interface JsdomGlobal {
  jsdom: { reconfigure(options: { url: string }): void };
}

/** Starts `server` on a free loopback port and moves the page to `<origin>/admin/`; returns the origin. */
export async function servePage(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  (globalThis as unknown as JsdomGlobal).jsdom.reconfigure({ url: `${origin}/admin/` });
  // Node's fetch has no page to resolve a relative URL against (a browser's has): resolve it here. jsdom's
  // AbortSignal is not Node's, so the signal stays behind (no test here cancels a request).
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL, init: RequestInit = {}) => {
    const { signal: _signal, ...rest } = init;
    return nodeFetch(new URL(String(input), window.location.href), rest);
  });
  return origin;
}

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  vi.unstubAllGlobals();
}
