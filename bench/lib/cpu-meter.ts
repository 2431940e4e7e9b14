// Where the CPU went during a measurement: CPU seconds of each process involved (the services, the
// broker, Postgres backends, this process's load generator), read from /proc before and after. On a
// 2-core machine a throughput ceiling is simply 2 CPU-seconds per second divided by the CPU one event
// costs across every process on its path; this says which process that cost sits in.
import { readdirSync, readFileSync } from 'node:fs';
import { cpuSecondsOf } from './service-process';

export type PidSource = () => number[];

/** The pids whose command line contains `needle` (e.g. the Kafka broker's main class). */
export function pidsMatching(needle: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export interface CpuMeter {
  /** CPU seconds per named group since the meter was started. */
  stop(): Record<string, number>;
}

export function startCpuMeter(groups: Record<string, PidSource>): CpuMeter {
  const sample = () => {
    const out: Record<string, number> = {};
    for (const [name, pids] of Object.entries(groups)) {
      out[name] = pids().reduce(
        (sum, pid) => sum + (Number.isFinite(cpuSecondsOf(pid)) ? cpuSecondsOf(pid) : 0),
        0,
      );
    }
    const self = process.cpuUsage();
    out['load generator (bench process)'] = (self.user + self.system) / 1e6;
    return out;
  };
  const before = sample();
  return {
    stop: () => {
      const after = sample();
      return Object.fromEntries(
        Object.entries(after).map(([k, v]) => [k, Math.round((v - (before[k] ?? 0)) * 100) / 100]),
      );
    },
  };
}

/** "name 1.23 ms; other 0.45 ms": CPU milliseconds per event of each group. */
export function perEvent(cpu: Record<string, number>, events: number): string {
  return Object.entries(cpu)
    .map(([name, seconds]) => `${name} ${events ? Math.round((seconds * 1e6) / events) / 1000 : 0} ms`)
    .join('; ');
}
