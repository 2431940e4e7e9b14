// The flags of `npm run backup` and `npm run restore` (backup.ts, restore.ts), their usage, and how a
// command's outcome becomes what the operator reads and its exit code: 0 done, 64 a wrong flag (the usage
// follows), 1 refused or failed (the reason, nothing changed by a refusal).
import { DataDirBusyError } from '../pglite/data-dir-lock';
import { NothingToBackUpError } from '../snapshot/embedded-backup';
import { DataDirNotEmptyError } from '../snapshot/embedded-snapshot';
import { DatabaseNotEmptyError } from '../snapshot/postgres-snapshot';
import { SnapshotFileExistsError } from '../snapshot/snapshot-file';
import { SnapshotFormatError } from '../snapshot/snapshot-kind';
import { NoSnapshotServerError } from '../snapshot/snapshot-requests';

export interface SnapshotCommand {
  file: string;
  distributed: boolean;
  force: boolean;
}

export type ParsedSnapshotCommand = SnapshotCommand | { help: true } | { usageError: string };

/** `--to <file>` (backup) or `--from <file>` (restore), `--distributed`, `--force`, `--help`. */
export function parseSnapshotCommand(
  argv: readonly string[],
  fileFlag: '--to' | '--from',
): ParsedSnapshotCommand {
  let file: string | undefined;
  let distributed = false;
  let force = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    if (flag === fileFlag) {
      const value = equals > 0 ? arg.slice(equals + 1) : argv[(i += 1)];
      if (!value || value.startsWith('-')) return { usageError: `${fileFlag} needs a file name` };
      file = value;
    } else if (flag === '--distributed' && equals < 0) distributed = true;
    else if (flag === '--force' && equals < 0) force = true;
    else if (flag === '--help' || flag === '-h') return { help: true };
    else
      return {
        usageError: arg.startsWith('-') ? `unknown flag ${arg}` : `unexpected argument "${arg}"`,
      };
  }
  if (file === undefined) return { usageError: `${fileFlag} <file> is required` };
  return { file, distributed, force };
}

/** Says what a snapshot does not hold, in both commands' usage. */
export const notInSnapshot =
  'A snapshot holds the database only — not the mail folder (MAIL_DIR, ./var/mail), the settings (the\n' +
  'environment) nor what Redis and Kafka hold (rate-limit counters, live presence, events in flight).';

/** The reason to show for a refusal or failure the operator can act on; undefined for the unexpected. */
function knownFailure(err: unknown): string | undefined {
  if (
    err instanceof SnapshotFileExistsError ||
    err instanceof SnapshotFormatError ||
    err instanceof NoSnapshotServerError ||
    err instanceof DatabaseNotEmptyError ||
    err instanceof DataDirNotEmptyError ||
    err instanceof NothingToBackUpError ||
    err instanceof DataDirBusyError
  )
    return err.message;
  const e = err as { code?: string; message?: string };
  if (e.code === 'ECONNREFUSED' || e.code === '3D000' || e.code === '28P01')
    return `cannot reach the database (${e.message}). Is DATABASE_URL right and PostgreSQL running?`;
  return undefined;
}

/**
 * Runs a command's `main` on `argv` and exits: the usage for --help (0) or a wrong flag (64), `hint`'s
 * advice after a known refusal (1).
 */
export function runSnapshotCommand(
  argv: readonly string[],
  fileFlag: '--to' | '--from',
  usage: string,
  main: (command: SnapshotCommand) => Promise<string>,
  hint: (err: unknown) => string | undefined = () => undefined,
): void {
  const parsed = parseSnapshotCommand(argv, fileFlag);
  if ('help' in parsed) {
    console.log(usage);
    process.exit(0);
  }
  if ('usageError' in parsed) {
    console.error(`Error: ${parsed.usageError}\n\n${usage}`);
    process.exit(64);
  }
  main(parsed).then(
    (done) => {
      console.log(done);
      process.exit(0);
    },
    (err: unknown) => {
      const known = knownFailure(err);
      if (known === undefined) console.error(err);
      else console.error([`Error: ${known}`, hint(err)].filter(Boolean).join('\n'));
      process.exit(1);
    },
  );
}
