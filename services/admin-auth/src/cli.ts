// `npm run admin -- <command>`: manage admin accounts in PostgreSQL from a terminal (DATABASE_URL).
// The commands themselves are in admin-command.ts, shared with the embedded mode's `npm start -- admin`.
// Ending an admin's sessions (set-password, disable) is also published on Redis (REDIS_URL), so running
// live services close that admin's dashboards' sockets at once (LIVE_KEY_PREFIX: live's key prefix).
import { Redis } from 'ioredis';
import { createDb, defaultDatabaseUrl } from '@bodymetrics/db';
import { adminCommandFailure, adminCommandUsage, parseAdminCommand, runAdminCommand } from './admin-command';
import { publishSessionsRevoked, type AnnounceSessionsRevoked } from './sessions-revoked';

const usage = adminCommandUsage(
  'npm run admin --',
  `DATABASE_URL defaults to ${defaultDatabaseUrl}; REDIS_URL (live notices) to redis://127.0.0.1:6379.`,
);

/** Best effort: with Redis away the sockets still close at live's next session re-check. */
const announceVia = (redis: Redis): AnnounceSessionsRevoked => {
  const publish = publishSessionsRevoked(redis, process.env.LIVE_KEY_PREFIX ?? '');
  return async (revoked) => {
    try {
      await publish(revoked);
    } catch (err) {
      console.error(
        `Note: could not notify the live service (${(err as Error).message}); open dashboards lose live data at its next session check.`,
      );
    }
  };
};

async function main(argv: string[]): Promise<number> {
  const parsed = await parseAdminCommand(argv);
  if ('help' in parsed) {
    console.log(usage);
    return parsed.asked ? 0 : 64;
  }
  const db = createDb({ connectionString: process.env.DATABASE_URL || defaultDatabaseUrl, max: 1 });
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect().catch(() => undefined);
    console.log(await runAdminCommand(db, parsed, undefined, announceVia(redis)));
    return 0;
  } finally {
    redis.disconnect();
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = adminCommandFailure(err, usage);
    if (known) {
      console.error(known.message);
      process.exit(known.code);
    }
    const e = err as { code?: string; message?: string };
    if (e.code === 'ECONNREFUSED' || e.code === '3D000') {
      console.error(
        `Error: cannot reach the database (${e.message}). Is DATABASE_URL right and Postgres running?`,
      );
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);
