// The thread of paced-reads.ts: reads `path` at `ratePerSecond` for `durationSeconds`, one at a time, each
// sent at its due time (or at once, if the one before ran past it), and answers with every read's due time,
// send time, end and status.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { dueTimeOf, type PacedReadsOptions, type PacedReadsReply } from './paced-reads';

const { url, path, headers, ratePerSecond, durationSeconds } = workerData as PacedReadsOptions;
const readerAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const reply: PacedReadsReply = { reads: [] };
const began = performance.now();
const count = Math.round(ratePerSecond * durationSeconds);
for (let i = 0; i < count; i++) {
  const dueMs = dueTimeOf(began, i, ratePerSecond);
  const wait = dueMs - performance.now();
  if (wait > 0) await sleep(wait);
  const sentMs = performance.now();
  let status = 0;
  try {
    const response = await fetch(url + path, { headers: { 'user-agent': readerAgent, ...headers } });
    await response.arrayBuffer();
    status = response.status;
  } catch {
    // no answer: status 0, timed all the same
  }
  reply.reads.push({ dueMs, sentMs, doneMs: performance.now(), status });
}
parentPort?.postMessage(reply);
