// `npm start -- admin <command>`: the admin-account commands of `npm run admin` (admin-auth's own, in
// admin-command.ts) against the embedded mode's PGlite database (./var/pgdata, or DATA_DIR) instead of
// PostgreSQL. PGlite allows one process at a time, so this refuses to run while the embedded server is up.
import {
  adminCommandFailure,
  adminCommandUsage,
  parseAdminCommand,
  runAdminCommand,
} from '@bodymetrics/admin-auth';
import { migrateToLatest } from '@bodymetrics/db';
import { createPgliteDb, DataDirBusyError, lockDataDir } from '@bodymetrics/db/pglite';

const defaultDataDir = './var/pgdata';

const usage = adminCommandUsage(
  'npm start -- admin',
  `In the embedded mode --email may be left out (default <name>@bodymetrics.local); for PostgreSQL use npm run admin.
The database is DATA_DIR (default ${defaultDataDir}); stop "npm start" first — PGlite allows one process.`,
);

async function main(argv: string[]): Promise<number> {
  const parsed = await parseAdminCommand(argv);
  if ('help' in parsed) {
    console.log(usage);
    return parsed.asked ? 0 : 64;
  }
  const dataDir = process.env.DATA_DIR || defaultDataDir;
  const lock = await lockDataDir(dataDir);
  const { db, close } = await createPgliteDb(dataDir);
  try {
    // The first command may come before the first start: bring the schema up like the server would.
    await migrateToLatest(db);
    console.log(
      `${await runAdminCommand(db, parsed, (username) => `${username}@bodymetrics.local`)} (${dataDir})`,
    );
    return 0;
  } finally {
    await close();
    await lock.release();
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
    if (err instanceof DataDirBusyError) {
      console.error(
        `Error: ${err.message}\nAlternatively, restart the server with ADMIN_USERNAME=<name> ADMIN_PASSWORD=<password> npm start: it creates that admin if missing.`,
      );
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);
