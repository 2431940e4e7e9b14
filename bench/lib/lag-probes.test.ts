// Every lag probe is accounted for: one not acknowledged or not seen is counted as missing, never dropped.
import { describe, expect, it } from 'vitest';
import { probeOutcome, type LagProbe } from './lag-probes';

const seen = (n: number, lagMs: number): LagProbe => ({
  visitorId: `probe-${n}`,
  status: 202,
  ackedAt: 1000 * n,
  seenAt: 1000 * n + lagMs,
});

describe('the lag probes', () => {
  it('time each seen probe from its 202 to its visibility', () => {
    const outcome = probeOutcome([seen(1, 40), seen(2, 90), seen(3, 60)]);
    expect(outcome).toMatchObject({ sent: 3, acknowledged: 3, notAcknowledged: 0, notSeen: 0, missing: 0 });
    expect(outcome.lag).toEqual({ p50: 60, p95: 90, p99: 90, max: 90, n: 3 });
  });

  it('count the probes answered with anything but 202, or not at all, by status', () => {
    const outcome = probeOutcome([
      seen(1, 40),
      { visitorId: 'probe-2', status: 503 },
      { visitorId: 'probe-3', status: 0 },
      { visitorId: 'probe-4' },
    ]);
    expect(outcome).toMatchObject({ sent: 4, acknowledged: 1, notAcknowledged: 3, missing: 3 });
    expect(outcome.failedStatuses).toEqual({ 503: 1, 0: 1, none: 1 });
    expect(outcome.lag.n).toBe(1);
  });

  it('count the acknowledged probes never seen in the read models', () => {
    const outcome = probeOutcome([seen(1, 40), { visitorId: 'probe-2', status: 202, ackedAt: 2000 }]);
    expect(outcome).toMatchObject({ acknowledged: 2, notSeen: 1, missing: 1 });
  });

  it('leave no figure to pass for a lag when no probe was seen', () => {
    const outcome = probeOutcome([{ visitorId: 'probe-1', status: 202, ackedAt: 1000 }]);
    expect(outcome.missing).toBe(1);
    expect(outcome.lag.n).toBe(0);
    expect(outcome.lag.p95).toBeNaN();
  });
});
