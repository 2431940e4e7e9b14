// A benchmark's verdict on a target. A figure is only as good as the answers behind it: a p99 made of quick
// 503s, or a rate counted over requests that failed, says nothing about the service. So a target is met only
// when its figure holds AND every request of the measured runs was answered 2xx; the runs' non-2xx answers
// and errors (connection errors and timeouts) are printed beside every verdict.

/** How a measured run's requests were answered (autocannon counts timeouts among its errors). */
export interface Answered {
  non2xx: number;
  errors: number;
}

/** The non-2xx answers and errors over `runs`, as a benchmark prints them beside its targets. */
export function failedAnswers(runs: readonly Answered[]): { non_2xx: number; errors: number } {
  return {
    non_2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

/**
 * The verdict: the figure holds (a comparison with a NaN figure, from no samples, never does) and not one
 * request of `runs` failed.
 */
export function targetMet(figureHolds: boolean, runs: readonly Answered[]): boolean {
  const failed = failedAnswers(runs);
  return figureHolds && failed.non_2xx === 0 && failed.errors === 0;
}

/**
 * The key under which a benchmark says its measurement is incomplete (it did not see everything it sent,
 * e.g. a lag probe never acknowledged or never seen): its line still prints, and the run exits non-zero.
 */
export const incompleteKey = 'incomplete';
