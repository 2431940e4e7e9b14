// `npm run migrate` — the distributed mode's schema step at every start (infra/bin/start-distributed.sh,
// compose's migrate job) — on a PostgreSQL database a newer release has migrated: refused with the
// operator's message alone (no stack) and a failing exit, before anything in the database changes. The
// embedded mode's refusal is upgrade.integration.test.ts's (the same check, at npm start).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { migrateTo, migrationNames } from '@bodymetrics/db';
import { it } from '@bodymetrics/testing/fixtures';
import { markAppliedByNewerRelease, schemaStateOf } from './test-schema';

const migrateCommand = fileURLToPath(new URL('../../../packages/db/src/cli/migrate.ts', import.meta.url));

function migrate(databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', migrateCommand],
      { env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run migrate on a database a newer release wrote', () => {
  const newer = '2099-01-01T0000_from_a_newer_release';

  it('refuses it, saying what to do, before anything changes', async ({ database }) => {
    // One migration of this release still to apply, so that a start which went ahead would show.
    const pending = migrationNames.at(-1) as string;
    await migrateTo(database.db, migrationNames.at(-2) as string);
    await markAppliedByNewerRelease(database.db, newer);
    const before = await schemaStateOf(database.db);
    expect(before.migrations).not.toContain(pending);

    const refused = await migrate(database.url);
    expect(refused.stderr.trim()).toBe(
      `migrate: This database was written by a newer BodyMetrics release (migration ${newer} unknown to this ` +
        'one); run that release or restore a backup made by this one.',
    );
    expect(refused.stdout).toBe('');
    expect(refused.code).toBe(1);
    expect(await schemaStateOf(database.db)).toEqual(before);
  });
});
