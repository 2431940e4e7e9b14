// Creates the database named in a connection URL when it does not exist yet (connects to `postgres`).
import pg from 'pg';

export async function ensureDatabase(url: string, template?: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    const ident = (s: string) => '"' + s.replace(/"/g, '""') + '"';
    await client.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
    return true;
  } finally {
    await client.end();
  }
}
