export * from './database';
export * from './connection';
export * from './migrate';
export * from './month-partitions';
export * from './today';
export * from './ensure-database';
export * from './seeds';
export * from './offer-columns';
export * from './clicks-that-count';
export * from './advisory-locks';
export * from './installation-database';
// The lock's error only (plain node:fs), so a caller can recognise "the server has the folder" without
// loading PGlite; the adapter itself is @bodymetrics/db/pglite.
export { DataDirBusyError } from './pglite/data-dir-lock';
