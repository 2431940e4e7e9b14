// Every Postgres advisory lock the system takes, in one list: each job that must run on one instance at a
// time (or take turns) holds its own key. Two jobs sharing a key would wait on, or skip for, each other.
export const advisoryLocks = {
  /** The aggregator's daily retention run: one instance deletes at a time. */
  retention: 395_001,
  /** Creating next months' raw-event partitions (aggregators, migrations). */
  partitionUpkeep: 395_002,
  /** First key of the click verdict's two-key locks (per visitor key and per network). */
  clickVerdictSpace: 395_003,
  /** The alert evaluator's 5-minute round. */
  alertEvaluation: 395_004,
  /** The daily scheduled backup in the distributed mode. */
  scheduledBackup: 395_005,
  /** Recomputing the auto segments' offer shares. */
  shareRotation: 395_006,
} as const;
