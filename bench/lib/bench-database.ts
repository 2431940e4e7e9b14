// A database of the benchmark's own (bm_bench_<label>_<tag>), migrated to the latest schema, dropped
// afterwards. Destructive helpers refuse any name that does not say "bench".
import pg from 'pg';
import { createDb, migrateToLatest, type Db } from '@bodymetrics/db';
import { benchInfra, uniqueTag } from './infra';

const ident = (s: string) => '"' + s.replace(/"/g, '""') + '"';

export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${benchInfra().postgresServerUrl}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function assertBenchName(name: string): void {
  if (!/^bm_bench_/.test(name)) throw new Error(`refusing to touch database "${name}": not a bench database`);
}

export interface BenchDatabase {
  name: string;
  url: string;
  db: Db;
  drop(): Promise<void>;
}

export async function createBenchDatabase(label: string, { poolSize = 5 } = {}): Promise<BenchDatabase> {
  const name = `bm_bench_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${uniqueTag()}`;
  assertBenchName(name);
  await withAdminClient((client) => client.query(`CREATE DATABASE ${ident(name)}`));
  const url = `${benchInfra().postgresServerUrl}/${name}`;
  const db = createDb({ connectionString: url, max: poolSize });
  await migrateToLatest(db);
  let dropped = false;
  return {
    name,
    url,
    db,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      assertBenchName(name);
      await db.destroy();
      await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
    },
  };
}
