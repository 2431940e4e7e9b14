// @bodymetrics/system — the whole product composed once (composeSystem: the embedded mode, the security
// suite) and the service manifest every process starter reads (also alone: @bodymetrics/system/manifest).
export {
  composeSystem,
  loopbackUrl,
  type ComposedSystem,
  type ListenOptions,
  type SystemAdapters,
} from './compose-system';
export { defaultSystemSettings, systemSettings, type SystemSettings } from './settings';
export * from './manifest';
