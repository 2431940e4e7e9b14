// A browser-test file's embedded system and Chromium, as every such file starts them: both side by side
// before the file's (or the describe's) tests, the system's output printed under a test that failed, the
// browser (with every context it opened) and the system closed after. Its fields are set once the tests run:
// read them inside tests and hooks, never at the top level of the file.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import type { EmbeddedSystem } from './embedded-system';
import { startSystem } from './system';

export interface SystemOfFile {
  system: EmbeddedSystem;
  browser: Browser;
}

/** Registers the hooks; `prepare` runs on the started system before any test (seeding what a test expects). */
export function embeddedSystemOfFile(prepare?: (system: EmbeddedSystem) => Promise<void>): SystemOfFile {
  const of = {} as SystemOfFile;
  beforeAll(async () => {
    [of.system, of.browser] = await Promise.all([startSystem({ mode: 'embedded' }), launchBrowser()]);
    await prepare?.(of.system);
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(`system output:\n${of.system?.logs()}`);
  });
  afterAll(async () => {
    await of.browser?.close();
    await of.system?.stop();
  });
  return of;
}
