export * from './types';
export * from './envelope';
export * from './apply';
export * from './kafka-bus';
export * from './in-process-bus';
export * from './settings';
