// The database an installation keeps its data in, opened for a one-off command run beside it (the admin
// command): PostgreSQL in the distributed mode; in the embedded mode the PGlite folder — locked first,
// since PGlite allows one process and the server may be running, and migrated, since the command may come
// before the first start.
import { createDb, type Db } from './connection';
import { migrateToLatest } from './migrate';

export type InstallationDatabase = { kind: 'postgres'; url: string } | { kind: 'embedded'; dataDir: string };

export interface OpenedDatabase {
  db: Db;
  /** Closes the connection (and releases the embedded folder's lock). */
  close(): Promise<void>;
}

/** The embedded mode's PGlite folder when DATA_DIR is not set. */
export const defaultDataDir = './var/pgdata';

export async function openInstallationDatabase(where: InstallationDatabase): Promise<OpenedDatabase> {
  if (where.kind === 'postgres') {
    const db = createDb({ connectionString: where.url, max: 1 });
    return { db, close: () => db.destroy() };
  }
  // Loaded only here, so a PostgreSQL installation never loads PGlite's WebAssembly build.
  const { createPgliteDb, lockDataDir } = await import('./pglite');
  const lock = await lockDataDir(where.dataDir);
  try {
    const pglite = await createPgliteDb(where.dataDir);
    const close = async () => {
      try {
        await pglite.close();
      } finally {
        await lock.release();
      }
    };
    await migrateToLatest(pglite.db).catch(async (err: unknown) => {
      await pglite.close();
      throw err;
    });
    return { db: pglite.db, close };
  } catch (err) {
    await lock.release();
    throw err;
  }
}
