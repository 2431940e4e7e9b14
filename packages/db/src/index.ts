export * from './database';
export * from './connection';
export * from './migrate';
export * from './ensure-database';
export * from './seeds';
