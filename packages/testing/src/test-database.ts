// A database per test file, cloned from a migrated template (cheap: CREATE DATABASE … TEMPLATE), dropped
// afterwards. Destructive helpers refuse any database whose name does not say "test".
import { createHash } from 'node:crypto';
import pg from 'pg';
import { createDb, migrateToLatest, migrationNames, type Db } from '@bodymetrics/db';
import { testInfra } from './infra';

// Named after the migrations it holds: two checkouts with different migrations (branches, worktrees) on
// one server each get their own template instead of migrating one another's.
export const templateDatabaseName = `bodymetrics_test_template_${createHash('sha1')
  .update(migrationNames.join('\n'))
  .digest('hex')
  .slice(0, 10)}`;

const ident = (s: string) => '"' + s.replace(/"/g, '""') + '"';

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${testInfra().postgresServerUrl}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function assertTestName(name: string): void {
  if (!/test/.test(name))
    throw new Error(`refusing to touch database "${name}": its name does not say "test"`);
}

/**
 * Brings the template up to the latest migrations (global setup runs it once per vitest run). Several
 * runs may start at once (parallel runs on one machine), so it works under an advisory lock and never
 * drops a template another run may be cloning; tests only ever clone it, so it holds no data.
 */
export async function prepareTemplateDatabase(): Promise<void> {
  await withAdmin(async (client) => {
    await client.query('SELECT pg_advisory_lock(424242)');
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        templateDatabaseName,
      ]);
      if (!found.rowCount) await client.query(`CREATE DATABASE ${ident(templateDatabaseName)}`);
      const db = createDb({
        connectionString: `${testInfra().postgresServerUrl}/${templateDatabaseName}`,
        max: 1,
      });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(424242)');
    }
  });
}

export interface TestDatabase {
  name: string;
  url: string;
  db: Db;
  drop(): Promise<void>;
}

export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const name = `bm_test_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  assertTestName(name);
  // Cloning fails while another session is connected to the template; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdmin((client) =>
        client.query(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(templateDatabaseName)}`),
      );
      break;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = `${testInfra().postgresServerUrl}/${name}`;
  const db = createDb({ connectionString: url, max: 5 });
  return {
    name,
    url,
    db,
    drop: async () => {
      assertTestName(name);
      await db.destroy();
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
    },
  };
}
