// `npm run backup` in the embedded mode: a snapshot of the PGlite folder DATA_DIR, whether or not the
// server runs. PGlite allows one process: when the server holds the folder, the server takes the snapshot
// (snapshot-requests.ts); otherwise this process takes the folder's lock, so no server starts meanwhile,
// and takes it itself.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataDirBusyError, lockDataDir } from '../pglite/data-dir-lock';
import { createPgliteDb } from '../pglite/pglite-db';
import { writeEmbeddedSnapshot } from './embedded-snapshot';
import type { SnapshotFileOptions, WrittenSnapshot } from './snapshot-file';
import { requestSnapshot } from './snapshot-requests';

export class NothingToBackUpError extends Error {
  override readonly name = 'NothingToBackUpError';
  constructor(readonly dataDir: string) {
    super(`${dataDir} holds no database (is DATA_DIR right? npm start creates it on its first start)`);
  }
}

export interface EmbeddedBackup extends WrittenSnapshot {
  /** The server's process id when the running server took it; undefined when this process did. */
  serverPid: number | undefined;
}

export async function backupEmbedded(
  dataDir: string,
  file: string,
  options: SnapshotFileOptions = {},
): Promise<EmbeddedBackup> {
  const dir = resolve(dataDir);
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new NothingToBackUpError(dir);
  let lock;
  try {
    lock = await lockDataDir(dir);
  } catch (err) {
    if (!(err instanceof DataDirBusyError)) throw err;
    return { ...(await requestSnapshot(dir, file, options)), serverPid: err.ownerPid };
  }
  try {
    const pglite = await createPgliteDb(dir);
    try {
      return { ...(await writeEmbeddedSnapshot(pglite, file, options)), serverPid: undefined };
    } finally {
      await pglite.close();
    }
  } finally {
    await lock.release();
  }
}
