// The peak resident memory of a benchmark's processes over the whole run: sampled from the moment the
// sampler starts until it stops, through every load, pause and catch-up in between, so a peak reached while
// a process applies a backlog after a load counts as much as one reached under the load.
import type { ServiceProcess } from './service-process';

export interface RssPeaks {
  /** Each process's largest RSS seen so far, in MB, by its name (NaN: never read). */
  peaks(): Record<string, number>;
  /** The largest of one process. */
  peakOf(name: string): number;
  stop(): void;
}

/** The running maximum of samples, skipping the ones that could not be read (NaN: the process had gone). */
export function runningPeak(): { add(sample: number): void; peak(): number } {
  let peak = Number.NaN;
  return {
    add: (sample) => {
      if (Number.isFinite(sample)) peak = Number.isNaN(peak) ? sample : Math.max(peak, sample);
    },
    peak: () => peak,
  };
}

export function sampleRssPeaks(processes: readonly ServiceProcess[], intervalMs = 250): RssPeaks {
  const peaks = new Map(processes.map((p) => [p.name, runningPeak()]));
  const sample = () => {
    for (const p of processes) peaks.get(p.name)?.add(p.rssMb());
  };
  sample();
  const timer = setInterval(sample, intervalMs).unref();
  return {
    peaks: () => Object.fromEntries([...peaks].map(([name, peak]) => [name, peak.peak()])),
    peakOf: (name) => peaks.get(name)?.peak() ?? Number.NaN,
    stop: () => {
      sample();
      clearInterval(timer);
    },
  };
}
