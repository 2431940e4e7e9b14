// `npm run migrate`: creates the database if missing and brings it to the latest schema. A database a newer
// release wrote is refused untouched, with its message alone (no stack: it is the operator's to act on).
import { createDb, defaultDatabaseUrl } from '../connection';
import { ensureDatabase } from '../ensure-database';
import { migrateToLatest, NewerReleaseDatabaseError } from '../migrate';

const url = process.env.DATABASE_URL ?? defaultDatabaseUrl;
await ensureDatabase(url);
const db = createDb({ connectionString: url, max: 1 });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
} catch (err) {
  if (!(err instanceof NewerReleaseDatabaseError)) throw err;
  console.error(`migrate: ${err.message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
