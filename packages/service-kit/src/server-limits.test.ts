// A request whose body stalls is cut after REQUEST_TIMEOUT_MS (408 in the error shape, then close),
// however long the declared Content-Length.
import { connect, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceApp } from './app';

/** Sends headers announcing 60000 bytes and one byte of body; resolves with what came back and when. */
export function stalledBody(port: number): Promise<{ text: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
      );
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    socket.on('error', reject);
  });
}

describe('a stalled request body', () => {
  const app = createServiceApp({ name: 'demo', timeouts: { requestTimeoutMs: 1_000 } });
  app.post('/api/things', () => ({ ok: true }));
  afterAll(() => app.close());

  it('is answered 408 and closed within the request timeout', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const { text, closedAfterMs } = await stalledBody(port);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    // The timeout plus at most one check interval (a quarter of it) and some slack for a loaded machine.
    expect(closedAfterMs).toBeLessThan(3_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'request_timeout', message: 'The request was not received in time' },
    });
  });

  it('has a 30 s bound by default', () => {
    const defaults = createServiceApp({ name: 'demo' });
    expect(defaults.server.requestTimeout).toBeGreaterThan(0);
    expect(defaults.server.requestTimeout).toBeLessThanOrEqual(25_000);
    expect(defaults.server.timeout).toBeGreaterThan(0);
  });
});
