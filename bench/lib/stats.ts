// Percentiles of latency samples (nearest rank), in the unit they were given.
export function percentile(samples: number[], p: number): number {
  if (!samples.length) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export const round = (value: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export interface Summary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  n: number;
}

export function summarize(samples: number[], digits = 1): Summary {
  return {
    p50: round(percentile(samples, 50), digits),
    p95: round(percentile(samples, 95), digits),
    p99: round(percentile(samples, 99), digits),
    max: round(samples.length ? Math.max(...samples) : Number.NaN, digits),
    n: samples.length,
  };
}
