// The admin command: manage admin accounts from a terminal in whichever database the installation uses.
// `npm run admin -- <command>`: PostgreSQL (DATABASE_URL), the distributed mode and docker compose; ending
// an admin's sessions (set-password, disable) is also published on Redis (REDIS_URL), so running live
// services close that admin's dashboards' sockets at once (LIVE_KEY_PREFIX: live's key prefix).
// `npm start -- admin <command>` (this file with --embedded): the embedded mode's PGlite folder (DATA_DIR),
// while the server is stopped — PGlite allows one process, and the folder's lock says who holds it.
// The commands themselves are in admin-command.ts; opening the database is packages/db's.
import { Redis } from 'ioredis';
import {
  DataDirBusyError,
  defaultDatabaseUrl,
  defaultDataDir,
  openInstallationDatabase,
  type InstallationDatabase,
} from '@bodymetrics/db';
import {
  adminCommandFailure,
  adminCommandUsage,
  parseAdminCommand,
  runAdminCommand,
  type AdminCommand,
} from './admin-command';
import { publishSessionsRevoked, type AnnounceSessionsRevoked } from './sessions-revoked';

const postgresUsage = adminCommandUsage(
  'npm run admin --',
  `DATABASE_URL defaults to ${defaultDatabaseUrl}; REDIS_URL (live notices) to redis://127.0.0.1:6379.
For the embedded mode's database (npm start) the same commands are npm start -- admin <command>.`,
);
const embeddedUsage = adminCommandUsage(
  'npm start -- admin',
  `In the embedded mode --email may be left out (default <name>@bodymetrics.local); for PostgreSQL use npm run admin.
The database is DATA_DIR (default ${defaultDataDir}); stop "npm start" first — PGlite allows one process.`,
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

/** In PostgreSQL: the command, and live services told on Redis of the sessions it ended. */
async function inPostgres(cmd: AdminCommand): Promise<string> {
  const where: InstallationDatabase = {
    kind: 'postgres',
    url: process.env.DATABASE_URL || defaultDatabaseUrl,
  };
  const { db, close } = await openInstallationDatabase(where);
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect().catch(() => undefined);
    return await runAdminCommand(db, cmd, undefined, announceVia(redis));
  } finally {
    redis.disconnect();
    await close();
  }
}

/** In the embedded folder: no live service runs beside it (the server is stopped), so nothing to tell. */
async function inEmbedded(cmd: AdminCommand): Promise<string> {
  const dataDir = process.env.DATA_DIR || defaultDataDir;
  const { db, close } = await openInstallationDatabase({ kind: 'embedded', dataDir });
  try {
    return `${await runAdminCommand(db, cmd, (username) => `${username}@bodymetrics.local`)} (${dataDir})`;
  } finally {
    await close();
  }
}

async function main(argv: string[], usage: string): Promise<number> {
  const parsed = await parseAdminCommand(argv);
  if ('help' in parsed) {
    console.log(usage);
    return parsed.asked ? 0 : 64;
  }
  console.log(parsed.embedded ? await inEmbedded(parsed) : await inPostgres(parsed));
  return 0;
}

const argv = process.argv.slice(2);
// Known before parsing, so that even a parse error shows the usage of the way the command was run.
const usage = argv.includes('--embedded') ? embeddedUsage : postgresUsage;
main(argv, usage).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = adminCommandFailure(err, usage);
    if (known) {
      console.error(known.message);
      process.exit(known.code);
    }
    if (err instanceof DataDirBusyError) {
      console.error(
        `Error: ${err.message}\nAlternatively, restart the server with ADMIN_USERNAME=<name> ADMIN_PASSWORD=<password> npm start: it creates that admin if missing.`,
      );
      process.exit(1);
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
