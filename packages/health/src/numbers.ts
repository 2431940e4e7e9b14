// Rounding and clamping shared by every calculation, so "one decimal" means the same thing everywhere.

/** Rounds half away from zero for positives (Math.round) at the given number of decimals. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * "Displayed values use one decimal" (spec §9). Rounds with roundTo first so the text always agrees
 * with the rounded numbers in a HealthResult (toFixed alone rounds some halves differently).
 */
export function formatNumber1(value: number): string {
  return roundTo(value, 1).toFixed(1);
}
