// `npm run move-to-postgres -- --from ./var/pgdata --to "$DATABASE_URL"`: moves the embedded mode's data into
// an empty PostgreSQL database and keeps it only when the dashboard reads the same from both. The steps are
// in ../move/move-to-postgres.ts; this file reads the command line and tells the operator what happened.
import { moveToPostgres, countText, shownUrl, type MoveSummary } from '../move/move-to-postgres';
import { MoveUsageError, moveUsage, parseMoveCommand } from '../move/move-options';
import { MoveMismatchError, MoveRefusedError } from '../move/move-refused';

function summaryLines(summary: MoveSummary): string[] {
  const { comparison } = summary;
  const range = comparison.range ? ` (${comparison.range.from} to ${comparison.range.to})` : '';
  return [
    `Moved ${countText(summary.rows)} rows in ${summary.tables.length} tables in ${summary.seconds.toFixed(1)} s.`,
    ...(summary.leftBehind.length
      ? [
          `Left behind as already ended: ${summary.leftBehind.map((l) => `${countText(l.rows)} of ${l.table}`).join(', ')}.`,
        ]
      : []),
    `Equal in both: the row counts of every table; ${comparison.figures} figures on each of ` +
      `${comparison.days} days with data${range} and over all of them; ${comparison.tabs} tabs over that range.`,
    'Next: DATABASE_URL=<the --to URL> npm run start:distributed (docs/operating.md, "Move to the distributed mode").',
  ];
}

async function main(argv: string[]): Promise<number> {
  const command = parseMoveCommand(argv);
  if ('help' in command) {
    (command.asked ? console.log : console.error)(moveUsage);
    return command.asked ? 0 : 64;
  }
  console.log(`Moving the embedded database ${command.from} into ${shownUrl(command.to)}`);
  const summary = await moveToPostgres({ ...command, log: (line) => console.log(line) });
  for (const line of summaryLines(summary)) console.log(line);
  return 0;
}

/** What to print for a failure, and the exit status. */
function failure(err: unknown): { message: string; code: number } {
  if (err instanceof MoveUsageError) return { message: `${err.message}\n\n${moveUsage}`, code: 64 };
  if (err instanceof MoveRefusedError) return { message: `Refused: ${err.message}`, code: 1 };
  if (err instanceof MoveMismatchError)
    return {
      message: [
        'Not moved: the copy does not read the same as the embedded database, so it was rolled back',
        '(the target is left migrated and empty; the embedded database is unchanged). What differs:',
        ...err.differences.map((d) => `  ${d.what}: embedded ${d.embedded}, PostgreSQL ${d.postgres}`),
      ].join('\n'),
      code: 1,
    };
  const e = err as { code?: string; message?: string };
  if (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND' || e.code === '28P01' || e.code === '28000')
    return { message: `Error: cannot reach the target database (${e.message}). Is --to right?`, code: 1 };
  return { message: `Error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`, code: 1 };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const { message, code } = failure(err);
    console.error(message);
    process.exit(code);
  },
);
