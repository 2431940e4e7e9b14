// PGlite is Postgres in one process: two processes opening the same data folder would each believe they
// own it and corrupt it. This lock file (beside the folder, `<dataDir>.lock`, holding the owner's pid)
// lets exactly one process in — the server or the admin command — and tells the other who has it.
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

export class DataDirBusyError extends Error {
  override readonly name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
    lockPath: string,
  ) {
    super(
      `The embedded database ${dataDir} is in use by process ${ownerPid} (probably "npm start"). ` +
        'PGlite allows one process at a time: stop that process first (Ctrl-C in its terminal). ' +
        `If process ${ownerPid} is not BodyMetrics, delete ${lockPath}.`,
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Locks this process holds: a second start in the same process (a test) is refused like any other. */
const held = new Set<string>();

/** Takes the lock of `dataDir`, or throws DataDirBusyError naming the live process that holds it. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  const path = `${dir}.lock`;
  await mkdir(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      held.add(path);
      let released = false;
      return {
        path,
        release: async () => {
          if (released) return;
          released = true;
          held.delete(path);
          await rm(path, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      const ours = owner === process.pid;
      if ((ours && held.has(path)) || (!ours && Number.isInteger(owner) && owner > 0 && isAlive(owner)))
        throw new DataDirBusyError(dir, owner, path);
      // Left behind by a process that was killed (or is being written this instant): take it over.
      if (!Number.isInteger(owner) && attempt === 0) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      await rm(path, { force: true });
    }
  }
  throw new Error(`could not take the lock ${path}`);
}
