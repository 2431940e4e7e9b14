// `npm run admin -- <command>`: manage admin accounts in PostgreSQL from a terminal (DATABASE_URL).
// The commands themselves are in admin-command.ts, shared with the embedded mode's `npm start -- admin`.
import { createDb, defaultDatabaseUrl } from '@bodymetrics/db';
import { adminCommandFailure, adminCommandUsage, parseAdminCommand, runAdminCommand } from './admin-command';

const usage = adminCommandUsage('npm run admin --', `DATABASE_URL defaults to ${defaultDatabaseUrl}.`);

async function main(argv: string[]): Promise<number> {
  const parsed = await parseAdminCommand(argv);
  if ('help' in parsed) {
    console.log(usage);
    return parsed.asked ? 0 : 64;
  }
  const db = createDb({ connectionString: process.env.DATABASE_URL || defaultDatabaseUrl, max: 1 });
  try {
    console.log(await runAdminCommand(db, parsed));
    return 0;
  } finally {
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
