// main.ts of every service ends here: listen, and on SIGTERM/SIGINT close once — fastify's onClose hooks
// stop consumers, flush producers, then close Redis and Postgres (close-with-grace).
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { serverTimeoutOptions, type ServerTimeouts } from './server-limits';

export async function runService(
  app: FastifyInstance,
  { host, port, timeouts }: { host: string; port: number; timeouts?: ServerTimeouts },
): Promise<void> {
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });
  // The environment's REQUEST_TIMEOUT_MS / CONNECTION_TIMEOUT_MS over the app's defaults (Node reads
  // these server properties per connection, and the checking interval when it starts listening).
  if (timeouts) {
    const options = serverTimeoutOptions(timeouts);
    app.server.requestTimeout = options.requestTimeout ?? 0;
    app.server.headersTimeout = options.http.headersTimeout;
    // Not in @types/node, but a documented property of http.Server read when it starts listening.
    Object.assign(app.server, { connectionsCheckingInterval: options.http.connectionsCheckingInterval });
    app.server.setTimeout(options.connectionTimeout ?? 0);
  }
  await app.listen({ host, port });
}
