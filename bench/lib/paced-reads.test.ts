// Paced reads are timed from their due time: a slow read holds back the ones behind it, and that wait is
// what a reader sees, so it counts (no coordinated omission). The send-to-last-byte time is kept beside.
import { describe, expect, it } from 'vitest';
import { dueTimeOf, pacedReadsResult, type TimedRead } from './paced-reads';

/** Reads at 10/s, one at a time, each taking `serviceMs[i]`, sent at its due time or when the last ended. */
function runOf(serviceMs: number[], status = (_i: number) => 200): TimedRead[] {
  const reads: TimedRead[] = [];
  let free = 0;
  serviceMs.forEach((ms, i) => {
    const dueMs = dueTimeOf(0, i, 10);
    const sentMs = Math.max(dueMs, free);
    free = sentMs + ms;
    reads.push({ dueMs, sentMs, doneMs: free, status: status(i) });
  });
  return reads;
}

describe('paced reads', () => {
  it('are due every 1000 ÷ rate milliseconds from the start', () => {
    expect([0, 1, 25].map((i) => dueTimeOf(500, i, 10))).toEqual([500, 600, 3000]);
  });

  it('count the wait a slow read causes the reads behind it', () => {
    // One read of 1,050 ms among 5 ms ones: the next ten were due while it ran.
    const reads = runOf([5, 1050, ...Array<number>(98).fill(5)]);
    const result = pacedReadsResult(reads, 10);
    // From the send, only the slow read is slow; from the due time, the ten behind it waited too.
    expect(result.serviceMs.p90).toBe(5);
    expect(result.latencyMs.p90).toBe(100);
    expect(result.latencyMs.max).toBe(1050);
    // The read due 100 ms after the slow one was sent at its end (1,150 ms) and done at 1,155.
    expect(reads[2]).toEqual({ dueMs: 200, sentMs: 1150, doneMs: 1155, status: 200 });
    // Eleven reads of 100 ms or more: the p99 (nearest rank) is the second slowest, 955 ms.
    expect(result.latencyMs.p99).toBe(955);
    expect(result.serviceMs.p99).toBe(5);
  });

  it('equal their service time when every read starts on time', () => {
    const result = pacedReadsResult(runOf(Array<number>(50).fill(8)), 5);
    expect(result.latencyMs).toEqual(result.serviceMs);
    expect(result.latencyMs.p99).toBe(8);
  });

  it('count non-2xx answers and reads with no answer apart from the 2xx ones', () => {
    const statuses = [200, 503, 0, 200, 404];
    const result = pacedReadsResult(
      runOf([5, 5, 5, 5, 5], (i) => statuses[i] as number),
      1,
    );
    expect(result).toMatchObject({
      ok: 2,
      non2xx: 2,
      errors: 1,
      statusCodes: { 0: 1, 200: 2, 404: 1, 503: 1 },
    });
  });
});
