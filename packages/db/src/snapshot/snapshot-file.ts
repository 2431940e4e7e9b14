// Where a snapshot is written: whole or not at all (a temporary file beside it, renamed into place once
// complete, so a crash or a full disk never leaves a half snapshot under the name), readable by its owner
// only (it holds the admins' password hashes and the visitors' records), and never over an existing file
// unless asked to.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

export class SnapshotFileExistsError extends Error {
  override readonly name = 'SnapshotFileExistsError';
  constructor(readonly file: string) {
    super(`${file} already exists: choose another file name, or pass --force to replace it`);
  }
}

export interface WrittenSnapshot {
  /** The snapshot's absolute path. */
  file: string;
  bytes: number;
  /** When it was asked for: everything committed before then is in it. */
  takenAt: Date;
}

export interface SnapshotFileOptions {
  /** Replace a file already at that name. */
  force?: boolean;
}

/**
 * Runs `write` on a temporary file beside `file` (its folder made if missing), then puts it in place.
 * `write` gets the temporary file's path, already created (empty, mode 0600).
 */
export async function writeSnapshotFile(
  file: string,
  write: (partial: string) => Promise<void>,
  options: SnapshotFileOptions = {},
): Promise<{ file: string; bytes: number }> {
  const target = resolve(file);
  if (!options.force && (await exists(target))) throw new SnapshotFileExistsError(target);
  await mkdir(dirname(target), { recursive: true });
  const partial = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.partial`);
  await (await open(partial, 'wx', 0o600)).close();
  try {
    await write(partial);
    // A tool that replaced the file (pg_dump) made it with the process's umask.
    await chmod(partial, 0o600);
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (!options.force && (await exists(target))) throw new SnapshotFileExistsError(target);
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return { file: target, bytes: (await stat(target)).size };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}
