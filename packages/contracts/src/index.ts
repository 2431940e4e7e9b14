export * from './enums';
export * from './primitives';
export * from './tracking';
export * from './events';
export * from './topics';
export * from './errors';
export * from './analytics';
export * from './admin';
