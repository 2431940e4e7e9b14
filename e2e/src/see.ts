// "The person sees …": assertions that wait for the screen to show something (the UI updates
// asynchronously) and then check exactly what it shows. They poll; they never assert a duration.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const screenTimeoutMs = 20_000;

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The element's visible text, whitespace collapsed ('' while it is not there). */
export async function visibleText(locator: Locator): Promise<string> {
  try {
    return normalized(await locator.innerText({ timeout: 1_000 }));
  } catch {
    return '';
  }
}

/** Waits until the element is visible and its text is (or matches) `expected`. */
export async function seeText(
  locator: Locator,
  expected: string | RegExp,
  timeout = screenTimeoutMs,
): Promise<void> {
  const poll = expect.poll(() => visibleText(locator), { timeout, interval: 100 });
  if (typeof expected === 'string') await poll.toBe(expected);
  else await poll.toMatch(expected);
}

/** Waits until the element is visible and its text contains `part`. */
export async function seeTextContaining(
  locator: Locator,
  part: string,
  timeout = screenTimeoutMs,
): Promise<void> {
  await expect.poll(() => visibleText(locator), { timeout, interval: 100 }).toContain(part);
}

export async function see(locator: Locator, timeout = screenTimeoutMs): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

export async function seeNo(locator: Locator, timeout = screenTimeoutMs): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** A notification (toast) with this title, as shown in the corner of either app. */
export function toast(page: Page, title: string): Locator {
  return page.locator('.toast').filter({ has: page.getByText(title, { exact: true }) });
}
