// Accessibility: axe-core against WCAG 2.2 AA on the page as it is now; a violation fails the test with
// a readable list (rule, impact, what to fix, and the offending elements).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeOptions {
  /**
   * The page's fake clock (page.clock.install()) is paused, to hold a screen that moves on by itself
   * (the calculating animation). axe waits on zero-delay timers between its rules, so the page's time
   * is moved on a millisecond at a time until the audit is done — a few milliseconds, far from the
   * animation's next 50 ms step.
   */
  clockPaused?: boolean;
}

export async function expectNoAxeViolations(
  page: Page,
  screen: string,
  options: AxeOptions = {},
): Promise<void> {
  let outcome: { results: AxeResults } | { error: unknown } | undefined;
  void new AxeBuilder({ page })
    .withTags(wcagTags)
    .analyze()
    .then(
      (results) => (outcome = { results }),
      (error: unknown) => (outcome = { error }),
    );
  while (!outcome) {
    if (options.clockPaused) await moveClockOn(page);
    await new Promise((r) => setTimeout(r, options.clockPaused ? 5 : 50));
  }
  if ('error' in outcome) throw outcome.error;
  reportViolations(outcome.results, screen);
}

/**
 * Moves the paused clock on a millisecond. The clock is the whole context's, and axe finishes its audit in a
 * blank page of that context that it opens and closes itself: a step that meets that page closing fails with
 * "page closed" although the audited page is open. Only a closed audited page is an error.
 */
async function moveClockOn(page: Page): Promise<void> {
  try {
    await page.clock.runFor(1);
  } catch (err) {
    if (page.isClosed()) throw err;
  }
}

function reportViolations(results: AxeResults, screen: string): void {
  if (results.violations.length === 0) return;
  const report = results.violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `      ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`,
        )
        .join('\n');
      return `  - ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
  throw new Error(
    `axe: ${results.violations.length} WCAG 2.2 AA violation(s) on the ${screen} screen:\n${report}`,
  );
}
