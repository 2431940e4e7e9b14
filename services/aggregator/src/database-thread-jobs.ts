// The embedded mode's aggregator applies a batch inside PGlite's own thread (@bodymetrics/db/pglite
// DatabaseThreadJobs): the same applyBatchToDb, in the same one transaction, on a Kysely of that thread —
// one round trip from the HTTP thread per batch instead of one per statement, so the batch holds PGlite's
// one connection only while PGlite works (the page, offers and dashboard reads wait on it).
import { trackingTopics, type Envelope } from '@bodymetrics/contracts';
import { kyselyOver, threadModule, type StartDatabaseThreadJobs } from '@bodymetrics/db/pglite';
import { applyBatchToDb } from './aggregator';
import type { ClickRules } from './suspicion';

/**
 * This module, for createPgliteDb's `jobs`: its source in development, and in the embedded build the entry
 * `database-thread-jobs.js` beside the bundle (the build script names `@bodymetrics/aggregator/database-thread-jobs`).
 */
export const databaseThreadJobs: URL = threadModule(import.meta.url, 'database-thread-jobs');

/** What crosses the thread boundary: the topic by name (its schema does not clone), the events as decoded. */
export interface ApplyBatchJob {
  topic: string;
  events: Envelope<unknown>[];
  timeZone: string;
  /** The click verdict's settings (SUSPICIOUS_CLICKS_PER_MINUTE); default: suspicion.ts. */
  clickRules?: ClickRules;
}

const topicByName = new Map(trackingTopics.map((t) => [t.name, t]));

export const startDatabaseThreadJobs: StartDatabaseThreadJobs = (statements) => {
  const db = kyselyOver(statements);
  return {
    applyBatch: async (input) => {
      const { topic: name, events, timeZone, clickRules } = input as ApplyBatchJob;
      const topic = topicByName.get(name);
      if (!topic) throw new Error(`no topic named ${name}`);
      await db.transaction().execute((trx) => applyBatchToDb(trx, { topic, events }, timeZone, clickRules));
    },
  };
};
