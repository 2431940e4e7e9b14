// Database-thread jobs for pglite-db.integration.test.ts: a transaction of two inserts with a pause between
// them, and a statement that fails as Postgres fails it.
import { sql } from 'kysely';
import { kyselyOver, type StartDatabaseThreadJobs } from './pglite-db';

export const startDatabaseThreadJobs: StartDatabaseThreadJobs = (statements) => {
  const db = kyselyOver(statements);
  return {
    async twoEntries(input) {
      const { pauseMs } = input as { pauseMs: number };
      await db.transaction().execute(async (trx) => {
        await sql`insert into job_ledger values ('debit')`.execute(trx);
        // Every chance for a query of the main thread to slip in between the two statements.
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
        await sql`insert into job_ledger values ('credit')`.execute(trx);
      });
    },
    async duplicate() {
      await sql`insert into job_names values (${'ana'}), (${'ana'})`.execute(db);
    },
  };
};
