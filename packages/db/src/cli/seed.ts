// `tsx packages/db/src/cli/seed.ts`: writes the affiliate offers and legal pages (idempotent; run after migrate).
import { createDb, defaultDatabaseUrl } from '../connection';
import { seedContent } from '../seeds';

const url = process.env.DATABASE_URL ?? defaultDatabaseUrl;
const db = createDb({ connectionString: url, max: 1 });
try {
  const result = await seedContent(db);
  console.log(
    `offers: ${result.offersInserted} added, ${result.offersUpdated} updated; legal pages: ${result.legalPagesWritten} written`,
  );
} finally {
  await db.destroy();
}
