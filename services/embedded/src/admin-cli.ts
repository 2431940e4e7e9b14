// `npm start -- admin <command>`: the admin-account commands of `npm run admin` against the embedded
// mode's PGlite database (./var/pgdata, or DATA_DIR) instead of PostgreSQL. Same commands, same rules
// (the account functions are admin-auth's own). PGlite allows one process at a time, so this refuses to
// run while the embedded server is up and says how to go on.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { AdminAccountError, createAdmin, setAdminActive, setAdminPassword } from '@bodymetrics/admin-auth';
import { adminPasswordProblem } from '@bodymetrics/contracts';
import { migrateToLatest } from '@bodymetrics/db';
import { DataDirBusyError, lockDataDir } from './data-dir-lock';
import { createPgliteDb } from './pglite-db';

const defaultDataDir = './var/pgdata';

const usage = `Usage: npm start -- admin <command> [options]     (embedded mode; for PostgreSQL use npm run admin)

Commands:
  create --username <name> [--email <address>] [--password <password>]
  set-password --username <name> [--password <password>]
  disable --username <name>     (also ends the admin's sessions)
  enable --username <name>

The password is taken from --password, else from ADMIN_PASSWORD, else asked for.
It needs at least 8 characters with letters and digits. The e-mail defaults to <name>@bodymetrics.local.
The database is DATA_DIR (default ${defaultDataDir}); stop "npm start" first — PGlite allows one process.`;

class UsageError extends Error {}

/** Reads one line from the terminal without echoing it (or from piped stdin). */
function readSecret(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({
      input: process.stdin,
      output: process.stderr,
      terminal: process.stdin.isTTY,
    });
    const muted = rl as unknown as { _writeToOutput: (s: string) => void };
    process.stderr.write(prompt);
    if (process.stdin.isTTY) muted._writeToOutput = () => {};
    rl.once('line', (line) => {
      rl.close();
      if (process.stdin.isTTY) process.stderr.write('\n');
      resolve(line);
    });
    rl.once('close', () => reject(new UsageError('No password given')));
  });
}

async function passwordFrom(option: string | undefined): Promise<string> {
  const given = option ?? process.env.ADMIN_PASSWORD;
  if (given !== undefined && given !== '') return given;
  const first = await readSecret('Password: ');
  const problem = adminPasswordProblem(first);
  if (problem) throw new AdminAccountError(problem);
  if (process.stdin.isTTY && (await readSecret('Repeat password: ')) !== first)
    throw new AdminAccountError('The passwords do not match');
  return first;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(usage);
    return command || values.help ? 0 : 64;
  }
  if (!['create', 'set-password', 'disable', 'enable'].includes(command))
    throw new UsageError(`Unknown command "${command}"`);
  const username = values.username?.trim();
  if (!username) throw new UsageError('--username is required');
  // Asked before the database is opened, so a prompt never holds the lock.
  const password =
    command === 'create' || command === 'set-password' ? await passwordFrom(values.password) : undefined;

  const dataDir = process.env.DATA_DIR || defaultDataDir;
  const lock = await lockDataDir(dataDir);
  const { db, close } = await createPgliteDb(dataDir);
  try {
    // The first command may come before the first start: bring the schema up like the server would.
    await migrateToLatest(db);
    switch (command) {
      case 'create': {
        const email = values.email ?? `${username}@bodymetrics.local`;
        const admin = await createAdmin(db, { username, email, password: password ?? '' });
        console.log(`Created admin "${admin.username}" <${admin.email}> in ${dataDir}.`);
        return 0;
      }
      case 'set-password':
        await setAdminPassword(db, { username, password: password ?? '' });
        console.log(`Password of "${username}" changed; their open sessions were ended.`);
        return 0;
      case 'disable':
        await setAdminActive(db, { username, active: false });
        console.log(`Admin "${username}" disabled; their open sessions were ended.`);
        return 0;
      default:
        await setAdminActive(db, { username, active: true });
        console.log(`Admin "${username}" enabled.`);
        return 0;
    }
  } finally {
    await close();
    await lock.release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (
      err instanceof UsageError ||
      (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      console.error(`${err.message}\n\n${usage}`);
      process.exit(64);
    }
    if (err instanceof AdminAccountError) {
      console.error(`Error: ${err.message}`);
      process.exit(1);
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
