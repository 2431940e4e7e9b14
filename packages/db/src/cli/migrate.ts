// `npm run migrate`: creates the database if missing and brings it to the latest schema.
import { createDb, defaultDatabaseUrl } from '../connection';
import { ensureDatabase } from '../ensure-database';
import { migrateToLatest } from '../migrate';

const url = process.env.DATABASE_URL ?? defaultDatabaseUrl;
await ensureDatabase(url);
const db = createDb({ connectionString: url, max: 1 });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
} finally {
  await db.destroy();
}
