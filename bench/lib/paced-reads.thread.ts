// The thread of paced-reads.ts: reads `path` at `ratePerSecond` for `durationSeconds`, one at a time, each
// sent at its time (or at once, if the one before ran late), and answers with every read's time and status.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { PacedReadsOptions, PacedReadsReply } from './paced-reads';

const { url, path, headers, ratePerSecond, durationSeconds } = workerData as PacedReadsOptions;
const readerAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const reply: PacedReadsReply = { latenciesMs: [], statuses: [] };
const began = performance.now();
const count = Math.round(ratePerSecond * durationSeconds);
for (let i = 0; i < count; i++) {
  const due = began + (i * 1000) / ratePerSecond;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  const sent = performance.now();
  try {
    const response = await fetch(url + path, { headers: { 'user-agent': readerAgent, ...headers } });
    await response.arrayBuffer();
    reply.latenciesMs.push(performance.now() - sent);
    reply.statuses.push(response.status);
  } catch {
    reply.latenciesMs.push(performance.now() - sent);
    reply.statuses.push(0);
  }
}
parentPort?.postMessage(reply);
