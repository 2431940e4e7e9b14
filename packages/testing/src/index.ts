export * from './infra';
export * from './test-database';
export * from './test-bus';
export * from './topic-reader';
export * from './smtp-sink';
export * from './eventually';
export * from './prometheus';
export * from './chromium';
