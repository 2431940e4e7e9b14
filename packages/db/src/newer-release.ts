// A database that a newer release has already migrated holds migrations this code has never heard of: its
// tables may have moved on in ways this code would misread or damage (a column dropped, rows moved). Such
// a database is refused before the migrator creates, locks or changes anything, with what the operator
// can do about it, rather than kysely's "corrupted migrations" or a failure half-way through a start.
import { sql, type Kysely } from 'kysely';

/** Raised when the database has applied migrations this release does not know: a newer release wrote it. */
export class NewerReleaseDatabaseError extends Error {
  override readonly name = 'NewerReleaseDatabaseError';
  constructor(readonly unknownMigrations: readonly string[]) {
    const named = `${unknownMigrations.length === 1 ? 'migration' : 'migrations'} ${unknownMigrations.join(', ')}`;
    super(
      `This database was written by a newer BodyMetrics release (${named} unknown to this one); ` +
        'run that release or restore a backup made by this one.',
    );
  }
}

/**
 * Throws NewerReleaseDatabaseError when the database's migration table (kysely's, where the migrator keeps
 * it) names a migration outside `known`. Only reads: a database without the table yet is a new one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration table is no table of the schema
export async function refuseNewerRelease(db: Kysely<any>, known: readonly string[]): Promise<void> {
  const { rows: present } = await sql<{ table: string | null }>`
    select to_regclass('kysely_migration')::text as table`.execute(db);
  if (!present[0]?.table) return;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  const unknown = rows.map((r) => r.name).filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new NewerReleaseDatabaseError(unknown);
}
