export * from './axe';
export * from './browser';
export * from './mailbox';
export * from './see';
export * from './system';
export * from './system-options';
export type { DistributedSystem } from './distributed-system';
export type { EmbeddedSystem } from './embedded-system';
