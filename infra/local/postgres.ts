// Finds the PostgreSQL named by DATABASE_URL, starts the machine's own cluster when it is installed
// but stopped, and creates the application database when it is missing.
import pg from 'pg';
import { isLocalHost, readInfraEnv } from './env';
import { pollUntil } from './poll';
import { findExecutable, run } from './processes';

export interface PostgresTarget {
  url: string;
  host: string;
  port: number;
  database: string;
}

export function postgresTarget(url = readInfraEnv().databaseUrl): PostgresTarget {
  const parsed = new URL(url);
  return {
    url,
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres',
  };
}

/** The same server and credentials, but the `postgres` maintenance database, which always exists. */
function maintenanceUrl(target: PostgresTarget): string {
  const url = new URL(target.url);
  url.pathname = '/postgres';
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {
    // A connection dropped while probing is reported by the query that fails, not here.
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** True when the server accepts a connection and answers a query. */
export async function isPostgresUp(target = postgresTarget()): Promise<boolean> {
  try {
    await withClient(maintenanceUrl(target), (client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** The Debian cluster (e.g. `15/main`) that listens on the target's port, if one is installed. */
export async function findLocalCluster(target = postgresTarget()): Promise<string | undefined> {
  if (!isLocalHost(target.host) || !findExecutable('pg_lsclusters')) return undefined;
  const listing = await run('pg_lsclusters', ['--no-header']);
  for (const line of listing.split('\n')) {
    const [version, cluster, port] = line.trim().split(/\s+/);
    if (version && cluster && Number(port) === target.port) return `${version}/${cluster}`;
  }
  return undefined;
}

/** Starts the installed cluster and waits until it answers. Returns the cluster it started. */
export async function startPostgres(target = postgresTarget()): Promise<string> {
  const cluster = await findLocalCluster(target);
  if (!cluster) {
    throw new Error(
      `PostgreSQL is not reachable at ${target.host}:${target.port} and no local cluster on port ` +
        `${target.port} is installed (pg_lsclusters) — start it, or set DATABASE_URL`,
    );
  }
  const [version, name] = cluster.split('/') as [string, string];
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'start'], { timeoutMs: 60_000 });
  const outcome = await pollUntil(() => isPostgresUp(target), { timeoutMs: 30_000 });
  if (!outcome.ready)
    throw new Error(`PostgreSQL ${cluster} was started but does not answer: ${outcome.reason}`);
  return cluster;
}

export async function stopPostgres(cluster: string): Promise<void> {
  const [version, name] = cluster.split('/') as [string, string];
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'stop', '-m', 'fast'], {
    timeoutMs: 60_000,
  });
}

/** Creates the database named in the URL when missing; says whether it had to. */
export async function ensureDatabase(target = postgresTarget()): Promise<'created' | 'existed'> {
  return withClient(maintenanceUrl(target), async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [target.database]);
    if (found.rowCount) return 'existed';
    try {
      await client.query(`create database ${pg.escapeIdentifier(target.database)}`);
      return 'created';
    } catch (error) {
      // Another `infra:up` created it between our check and our create.
      if ((error as { code?: string }).code === '42P04') return 'existed';
      throw error;
    }
  });
}
