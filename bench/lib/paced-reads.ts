// What a visitor or the operator waits for while the load runs: one path read a few times a second, timed
// in a thread of its own. The load generator (autocannon, this thread) keeps this thread's event loop busy
// at thousands of requests a second; reads timed here would count its stalls as the server's. The thread
// sends one read at a time, each at its due time, or at once when the one before ran past it.
// Each read is timed from its due time to its last byte: a slow read delays the next ones, and a reader
// (the dashboard polling every few seconds, a visitor clicking) waits that delay too. Timing from the send
// alone would leave it out — coordinated omission: one 2 s stall would count once instead of in the twenty
// reads it held back. The service time (send to last byte) is reported beside; targets are judged by the
// due-time figure.
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

/** One read as the thread saw it: milliseconds on the thread's clock, and the status (0: no answer). */
export interface TimedRead {
  dueMs: number;
  sentMs: number;
  doneMs: number;
  status: number;
}

/** The thread's answer: every read of the run. */
export interface PacedReadsReply {
  reads: TimedRead[];
}

/** Paced reads' figures: `latencyMs` from each read's due time, `serviceMs` from its send. */
export type PacedReadsResult = LoadResult & { serviceMs: LoadResult['latencyMs'] };

/** When read `i` of a run that began at `beganMs` is due. */
export const dueTimeOf = (beganMs: number, i: number, ratePerSecond: number) =>
  beganMs + (i * 1000) / ratePerSecond;

const latencySummary = (samples: number[]): LoadResult['latencyMs'] => ({
  p50: round(percentile(samples, 50)),
  p90: round(percentile(samples, 90)),
  p99: round(percentile(samples, 99)),
  max: round(samples.length ? Math.max(...samples) : Number.NaN),
  mean: round(samples.reduce((sum, ms) => sum + ms, 0) / Math.max(1, samples.length)),
});

/** The run's figures from its reads: due-time latency, service time, and how each read was answered. */
export function pacedReadsResult(reads: readonly TimedRead[], durationSeconds: number): PacedReadsResult {
  const statusCodes: Record<string, number> = {};
  for (const { status } of reads) statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  const ok = reads.filter((r) => r.status >= 200 && r.status < 300).length;
  const errors = reads.filter((r) => r.status === 0).length;
  return {
    okPerSecond: Math.round(ok / durationSeconds),
    sentPerSecond: Math.round(reads.length / durationSeconds),
    ok,
    non2xx: reads.length - ok - errors,
    errors,
    timeouts: 0,
    latencyMs: latencySummary(reads.map((r) => r.doneMs - r.dueMs)),
    serviceMs: latencySummary(reads.map((r) => r.doneMs - r.sentMs)),
    statusCodes,
    durationSeconds,
  };
}

export async function pacedReads(options: PacedReadsOptions): Promise<PacedReadsResult> {
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
  return pacedReadsResult(reply.reads, options.durationSeconds);
}
