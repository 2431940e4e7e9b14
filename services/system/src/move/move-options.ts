// The command line of `npm run move-to-postgres`: its flags, checked before anything is opened, and its
// usage text. A wrong flag is a usage error (exit 64) that names the flag.
import { parseArgs } from 'node:util';
import { defaultDataDir } from '@bodymetrics/db';

export class MoveUsageError extends Error {
  override readonly name = 'MoveUsageError';
}

export interface MoveCommand {
  from: string;
  to: string;
  batchRows: number;
}

export const defaultBatchRows = 10_000;
export const maxBatchRows = 100_000;

export const moveUsage = `Usage: npm run move-to-postgres -- --to <postgres-url> [--from <folder>] [--batch-rows <n>]

Moves the embedded mode's data (npm start) into an empty PostgreSQL database for the distributed mode
(npm run start:distributed), then checks that the dashboard reads the same from both before it keeps it.

  --to <url>          the PostgreSQL database, e.g. postgres://user:password@host:5432/bodymetrics;
                      created when it does not exist; refused unless it is empty
  --from <folder>     the embedded database folder (default: DATA_DIR, else ${defaultDataDir})
  --batch-rows <n>    rows copied at a time, 1 to ${maxBatchRows} (default ${defaultBatchRows})
  -h, --help          this text

Stop "npm start" first, and back up: npm run backup -- --to <file>.
Step by step: docs/operating.md, "Move to the distributed mode".
Exit status: 0 moved and equal; 1 refused, not equal (nothing kept) or failed; 64 a wrong flag.`;

/** parseArgs' own complaint, reworded to name the flag. */
function usageProblem(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const flag = /'(-[^' ]+)/.exec(e.message ?? '')?.[1];
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Unknown flag ${flag ?? ''}`.trim();
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `${flag ?? 'A flag'} needs a value`;
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `Unexpected argument: ${e.message ?? ''}`;
  return e.message ?? String(err);
}

function batchRowsOf(text: string | undefined): number {
  if (text === undefined) return defaultBatchRows;
  const n = /^[0-9]{1,6}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= maxBatchRows))
    throw new MoveUsageError(`--batch-rows must be a whole number from 1 to ${maxBatchRows}`);
  return n;
}

function targetOf(text: string | undefined): string {
  if (!text) throw new MoveUsageError('--to is required: the PostgreSQL database to move into');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new MoveUsageError('--to must be a PostgreSQL URL, such as postgres://user@host:5432/bodymetrics');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new MoveUsageError('--to must be a PostgreSQL URL (postgres://…)');
  if (!url.pathname.replace(/^\//, ''))
    throw new MoveUsageError('--to must name the database, such as postgres://user@host:5432/bodymetrics');
  return text;
}

/** The command asked for, or help (`asked`: by --help rather than by no flags at all). */
export function parseMoveCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): MoveCommand | { help: true; asked: boolean } {
  let values: { to?: string; from?: string; 'batch-rows'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        to: { type: 'string' },
        from: { type: 'string' },
        'batch-rows': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new MoveUsageError(usageProblem(err));
  }
  if (values.help) return { help: true, asked: true };
  if (!argv.length) return { help: true, asked: false };
  return {
    to: targetOf(values.to),
    from: values.from || env.DATA_DIR || defaultDataDir,
    batchRows: batchRowsOf(values['batch-rows']),
  };
}
