// started.json remembers what `infra:up` itself started, so `infra:down` stops exactly that and
// never a Postgres or Redis that was already running on the machine.
import { mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { withFileLock } from './file-lock';
import { startedFile, stateDir } from './paths';

export interface StartedByInfra {
  postgres?: { cluster: string; startedAt: string };
  redis?: { host: string; port: number; startedAt: string };
  kafka?: { brokers: string; startedAt: string };
  /** The three-broker cluster of `infra:up --kafka-brokers=3`. */
  kafkaCluster?: { brokers: string; startedAt: string };
}

export function readStarted(): StartedByInfra {
  try {
    return JSON.parse(readFileSync(startedFile, 'utf8')) as StartedByInfra;
  } catch {
    return {};
  }
}

/** Read-modify-write under a lock; the file is replaced atomically. */
export function updateStarted(change: (started: StartedByInfra) => StartedByInfra): Promise<StartedByInfra> {
  return withFileLock('started-state', () => {
    const next = change(readStarted());
    mkdirSync(stateDir, { recursive: true });
    const temporary = `${startedFile}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`);
    renameSync(temporary, startedFile);
    return Promise.resolve(next);
  });
}
