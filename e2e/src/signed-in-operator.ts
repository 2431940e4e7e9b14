// The start of the dashboard's browser tests on the embedded mode: the system and a Chromium started side by
// side, then the operator signed in on /admin in a browser of their own. `prepare` runs on the system before
// the sign-in, for what the dashboard must show as it opens (an alert the evaluator would have opened).
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from './browser';
import { logIn } from './operator-flow';
import type { EmbeddedSystem } from './embedded-system';
import { startSystem } from './system';

export interface SignedInOperator {
  system: EmbeddedSystem;
  browser: Browser;
  operator: Page;
}

export async function signedInOperator(
  prepare?: (system: EmbeddedSystem) => Promise<void>,
): Promise<SignedInOperator> {
  const [system, browser] = await Promise.all([startSystem({ mode: 'embedded' }), launchBrowser()]);
  await prepare?.(system);
  const { page: operator } = await newPerson(browser, { baseUrl: system.baseUrl });
  await operator.goto('/admin');
  await logIn(operator, system.admin);
  return { system, browser, operator };
}
