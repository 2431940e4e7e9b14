// The start of the dashboard's browser tests on the embedded mode: the file's system and Chromium
// (system-of-file.ts), then the operator signed in on /admin in a browser of their own. `prepare` runs on the
// system before the sign-in, for what the dashboard must show as it opens (an alert the evaluator would have
// opened).
import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { newPerson } from './browser';
import type { EmbeddedSystem } from './embedded-system';
import { logIn } from './operator-flow';
import { embeddedSystemOfFile, type SystemOfFile } from './system-of-file';

export interface SignedInOperator extends SystemOfFile {
  operator: Page;
}

/** Registers the hooks; the fields are set once the tests run. */
export function signedInOperatorOfFile(
  prepare?: (system: EmbeddedSystem) => Promise<void>,
): SignedInOperator {
  const of = embeddedSystemOfFile(prepare) as SignedInOperator;
  beforeAll(async () => {
    ({ page: of.operator } = await newPerson(of.browser, { baseUrl: of.system.baseUrl }));
    await of.operator.goto('/admin');
    await logIn(of.operator, of.system.admin);
  });
  return of;
}
