// The admin-account commands of the admin command (cli.ts; `npm run admin` for PostgreSQL, `npm start --
// admin` for the embedded mode's PGlite): parsing, the password prompt and the account change itself.
// cli.ts says which database to open and how to report errors.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Db } from '@bodymetrics/db';
import { adminPasswordProblem, adminRoleSchema, type AdminRole } from '@bodymetrics/contracts';
import {
  AdminAccountError,
  createAdmin,
  setAdminActive,
  setAdminPassword,
  setAdminRole,
} from './admin-accounts';
import { LastActiveAdminError } from './account-changes';
import type { AnnounceSessionsRevoked } from './sessions-revoked';
import { removeTwoFactor } from './two-factor-removal';

export class UsageError extends Error {}

export const adminCommandNames = [
  'create',
  'set-password',
  'set-role',
  'disable',
  'enable',
  'remove-2fa',
] as const;
export type AdminCommandName = (typeof adminCommandNames)[number];

export interface AdminCommand {
  command: AdminCommandName;
  username: string;
  email: string | undefined;
  /** create (default admin) and set-role: `admin` changes everything, `viewer` only reads. */
  role?: AdminRole | undefined;
  /** Read before any database is opened, so a prompt never holds a connection or a lock. */
  password: string | undefined;
}

/** The command and where to run it. */
export interface ParsedAdminCommand extends AdminCommand {
  /** --embedded: the embedded mode's PGlite folder instead of PostgreSQL (`npm start -- admin` passes it). */
  embedded: boolean;
}

export const adminCommandUsage = (
  invocation: string,
  notes: string,
) => `Usage: ${invocation} <command> [options]

Commands:
  create --username <name> --email <address> [--password <password>] [--role admin|viewer]
  set-password --username <name> [--password <password>]
  set-role --username <name> --role admin|viewer
  disable --username <name>     (also ends the admin's sessions)
  enable --username <name>
  remove-2fa --username <name>  (removes a lost second factor and its recovery codes)

The password is taken from --password, else from ADMIN_PASSWORD, else asked for.
A viewer reads every tab and export but changes nothing. The last active admin cannot be
demoted or disabled.
It needs at least 8 characters with letters and digits, must not be a commonly used or
breached password, and must not contain the username.
${notes}`;

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

/** Parses argv; `help` when the usage should be printed (exit 0 if asked for, 64 if nothing was given). */
export async function parseAdminCommand(
  argv: string[],
): Promise<ParsedAdminCommand | { help: true; asked: boolean }> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      embedded: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) return { help: true, asked: !!(command || values.help) };
  if (!(adminCommandNames as readonly string[]).includes(command))
    throw new UsageError(`Unknown command "${command}"`);
  const username = values.username?.trim();
  if (!username) throw new UsageError('--username is required');
  const needsPassword = command === 'create' || command === 'set-password';
  if (command === 'set-role' && values.role === undefined) throw new UsageError('--role is required');
  const role = values.role === undefined ? undefined : adminRoleSchema.safeParse(values.role);
  if (role && !role.success) throw new UsageError(`--role must be admin or viewer, not "${values.role}"`);
  return {
    command: command as AdminCommandName,
    username,
    email: values.email,
    role: role?.data,
    password: needsPassword ? await passwordFrom(values.password) : undefined,
    embedded: values.embedded ?? false,
  };
}

/**
 * Carries out the command; returns the line to print. `announce` tells running live services that the
 * admin's sessions ended (set-password, disable), so open dashboards lose their live socket at once.
 */
export async function runAdminCommand(
  db: Db,
  cmd: AdminCommand,
  defaultEmail?: (username: string) => string,
  announce?: AnnounceSessionsRevoked,
): Promise<string> {
  const { username } = cmd;
  switch (cmd.command) {
    case 'create': {
      const email = cmd.email ?? defaultEmail?.(username);
      if (!email) throw new UsageError('--email is required');
      const admin = await createAdmin(db, {
        username,
        email,
        password: cmd.password ?? '',
        role: cmd.role ?? 'admin',
      });
      return `Created ${admin.role} "${admin.username}" <${admin.email}>.`;
    }
    case 'set-role': {
      const admin = await setAdminRole(db, { username, role: cmd.role ?? 'admin' });
      return `"${username}" is now ${admin.role}.`;
    }
    case 'set-password': {
      const admin = await setAdminPassword(db, { username, password: cmd.password ?? '' });
      await announce?.({ adminId: admin.id });
      return `Password of "${username}" changed; their open sessions were ended.`;
    }
    case 'disable': {
      const admin = await setAdminActive(db, { username, active: false });
      await announce?.({ adminId: admin.id });
      return `Admin "${username}" disabled; their open sessions were ended.`;
    }
    case 'enable':
      await setAdminActive(db, { username, active: true });
      return `Admin "${username}" enabled.`;
    case 'remove-2fa':
      return removeTwoFactor(db, username);
  }
}

/** Exit codes and messages of the command's own errors; returns undefined for errors it does not know. */
export function adminCommandFailure(
  err: unknown,
  usage: string,
): { code: number; message: string } | undefined {
  if (
    err instanceof UsageError ||
    (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
  )
    return { code: 64, message: `${err.message}\n\n${usage}` };
  if (err instanceof AdminAccountError || err instanceof LastActiveAdminError)
    return { code: 1, message: `Error: ${err.message}` };
  return undefined;
}
