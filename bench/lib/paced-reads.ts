// What a visitor or the operator waits for while the load runs: one path read a few times a second, timed
// in a thread of its own. The load generator (autocannon, this thread) keeps this thread's event loop busy
// at thousands of requests a second; reads timed here would count its stalls as the server's, and
// autocannon's paced mode counts a late send as latency too (its correction for coordinated omission). The
// thread sends each read at its time, one after another, and times it from the send to the last byte.
import { Worker } from 'node:worker_threads';
import type { LoadResult } from './load';
import { percentile, round } from './stats';

export interface PacedReadsOptions {
  url: string;
  path: string;
  headers?: Record<string, string>;
  /** Reads per second (one at a time: each is far shorter than the gap between two). */
  ratePerSecond: number;
  durationSeconds: number;
}

/** The thread's answer: each read's milliseconds and status (0: no answer). */
export interface PacedReadsReply {
  latenciesMs: number[];
  statuses: number[];
}

export async function pacedReads(options: PacedReadsOptions): Promise<LoadResult> {
  const worker = new Worker(new URL('./paced-reads.thread.ts', import.meta.url), {
    workerData: options,
    execArgv: ['--import', 'tsx'],
  });
  const reply = await new Promise<PacedReadsReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the reads' thread exited (${code}) without an answer`)));
  });
  await worker.terminate();
  const latencies = reply.latenciesMs;
  const statusCodes: Record<string, number> = {};
  for (const status of reply.statuses) statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  const ok = reply.statuses.filter((s) => s >= 200 && s < 300).length;
  const errors = reply.statuses.filter((s) => s === 0).length;
  return {
    okPerSecond: Math.round(ok / options.durationSeconds),
    sentPerSecond: Math.round(reply.statuses.length / options.durationSeconds),
    ok,
    non2xx: reply.statuses.length - ok - errors,
    errors,
    timeouts: 0,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      max: round(Math.max(0, ...latencies)),
      mean: round(latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length)),
    },
    statusCodes,
    durationSeconds: options.durationSeconds,
  };
}
