// @bodymetrics/embedded — the whole product in one process (design §3), for `npm start`, browser tests
// and benchmarks.
export { startEmbedded, type EmbeddedAdmin, type EmbeddedOptions, type RunningEmbedded } from './embedded';
export { createPgliteDb, pgCompatibleParsers, type PgliteDb } from './pglite-db';
export { lockDataDir, DataDirBusyError, type DataDirLock } from './data-dir-lock';
export { embeddedConfig, type EmbeddedConfig } from './config';
