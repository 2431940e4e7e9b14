// main.ts of every service ends here: listen, and on SIGTERM/SIGINT close once — fastify's onClose hooks
// stop consumers, flush producers, then close Redis and Postgres (close-with-grace).
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

export async function runService(app: FastifyInstance, { host, port }: { host: string; port: number }): Promise<void> {
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });
  await app.listen({ host, port });
}
