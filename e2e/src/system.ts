// startSystem: the whole product, started the way one of its two run modes runs it (design.md §3).
import {
  startDistributedSystem,
  type DistributedOptions,
  type DistributedSystem,
} from './distributed-system';
import { startEmbeddedSystem, type EmbeddedSystem } from './embedded-system';

export type SystemMode = 'distributed' | 'embedded';
export type SystemUnderTest = DistributedSystem | EmbeddedSystem;

export interface StartSystemOptions extends DistributedOptions {
  mode: SystemMode;
}

export function startSystem(
  options: StartSystemOptions & { mode: 'distributed' },
): Promise<DistributedSystem>;
export function startSystem(options: StartSystemOptions & { mode: 'embedded' }): Promise<EmbeddedSystem>;
export function startSystem(options: StartSystemOptions): Promise<SystemUnderTest>;
export function startSystem(options: StartSystemOptions): Promise<SystemUnderTest> {
  return options.mode === 'embedded' ? startEmbeddedSystem(options) : startDistributedSystem(options);
}
