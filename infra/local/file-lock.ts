// A lock file per resource, so two `infra:up` runs (or parallel test files) never start a second
// broker or race on the state file. The holder's pid is written inside; a lock left by a process
// that died is taken over.
import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { lockDir } from './paths';
import { isRunning, sleep } from './processes';

const WAIT_LIMIT_MS = 5 * 60_000;

export async function withFileLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(lockDir, { recursive: true });
  const file = join(lockDir, `${name}.lock`);
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    if (tryAcquire(file)) break;
    if (Date.now() >= deadline) {
      throw new Error(`timed out waiting for ${file} (held by pid ${readHolder(file) ?? '?'})`);
    }
    await sleep(200);
  }
  try {
    return await work();
  } finally {
    unlinkSync(file);
  }
}

function tryAcquire(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = readHolder(file);
  // An empty file is a lock being written right now; only a named, dead holder is stale.
  if (holder !== undefined && !isRunning(holder)) {
    try {
      unlinkSync(file);
    } catch {
      // someone else removed it first
    }
  }
  return false;
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
