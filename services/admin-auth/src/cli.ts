// `npm run admin -- <command>`: manage admin accounts from a terminal.
//   create --username U --email E [--password P]
//   set-password --username U [--password P]
//   disable --username U
//   enable --username U
// The password comes from --password, else ADMIN_PASSWORD, else a prompt (asked twice, not echoed).
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { createDb, defaultDatabaseUrl } from '@bodymetrics/db';
import { adminPasswordProblem } from '@bodymetrics/contracts';
import { AdminAccountError, createAdmin, setAdminActive, setAdminPassword } from './admin-accounts';

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  create --username <name> --email <address> [--password <password>]
  set-password --username <name> [--password <password>]
  disable --username <name>     (also ends the admin's sessions)
  enable --username <name>

The password is taken from --password, else from ADMIN_PASSWORD, else asked for.
It needs at least 8 characters with letters and digits.
DATABASE_URL defaults to ${defaultDatabaseUrl}.`;

class UsageError extends Error {}

/** Reads one line from the terminal without echoing it (or from piped stdin). */
function readSecret(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({
      input: process.stdin,
      output: process.stderr,
      terminal: process.stdin.isTTY,
    });
    const muted = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
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
  const username = values.username?.trim();
  if (!username) throw new UsageError('--username is required');

  const db = createDb({ connectionString: process.env.DATABASE_URL || defaultDatabaseUrl, max: 1 });
  try {
    switch (command) {
      case 'create': {
        if (!values.email) throw new UsageError('--email is required');
        const password = await passwordFrom(values.password);
        const admin = await createAdmin(db, { username, email: values.email, password });
        console.log(`Created admin "${admin.username}" <${admin.email}>.`);
        return 0;
      }
      case 'set-password': {
        const password = await passwordFrom(values.password);
        await setAdminPassword(db, { username, password });
        console.log(`Password of "${username}" changed; their open sessions were ended.`);
        return 0;
      }
      case 'disable':
        await setAdminActive(db, { username, active: false });
        console.log(`Admin "${username}" disabled; their open sessions were ended.`);
        return 0;
      case 'enable':
        await setAdminActive(db, { username, active: true });
        console.log(`Admin "${username}" enabled.`);
        return 0;
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } finally {
    await db.destroy();
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
