// @bodymetrics/embedded — the whole product in one process (design §3), for `npm start`, browser tests
// and benchmarks.
export { startEmbedded, type EmbeddedAdmin, type EmbeddedOptions, type RunningEmbedded } from './embedded';
export { embeddedConfig, type EmbeddedConfig } from './config';
