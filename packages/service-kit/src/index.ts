export * from './app';
export * from './config';
export * from './http-error';
export * from './error-handler';
export * from './run';
export * from './client-ip';
export * from './admin-session';
export * from './metrics';
