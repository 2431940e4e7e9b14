// The lag benchmark's probes: page visits of new visitors sent beside the load, each timed from its 202 to
// the moment the aggregator's transaction made it visible. Every probe is accounted for: one that was not
// acknowledged (a non-202 answer, or none) or not seen within the wait is counted and printed, never
// dropped from the figures, and any such probe leaves the run incomplete and the target unmet.
import { summarize, type Summary } from './stats';

export interface LagProbe {
  visitorId: string;
  /** The answer's status once it came (0: the request failed). */
  status?: number;
  ackedAt?: number;
  seenAt?: number;
}

export interface ProbeOutcome {
  sent: number;
  acknowledged: number;
  /** Answered with anything but 202, not answered at all, or still unanswered at the end. */
  notAcknowledged: number;
  /** Acknowledged, and never seen in the read models within the wait. */
  notSeen: number;
  /** Sent and not measured, for either reason. */
  missing: number;
  /** The answers that were not 202, by status (0: no answer; "none": still waiting at the end). */
  failedStatuses: Record<string, number>;
  /** Acknowledgement to visibility, in ms, over the probes seen. */
  lag: Summary;
}

export function probeOutcome(probes: readonly LagProbe[]): ProbeOutcome {
  const acknowledged = probes.filter((p) => p.ackedAt !== undefined);
  const seen = acknowledged.filter((p) => p.seenAt !== undefined);
  const failedStatuses: Record<string, number> = {};
  for (const p of probes)
    if (p.ackedAt === undefined) {
      const key = p.status === undefined ? 'none' : String(p.status);
      failedStatuses[key] = (failedStatuses[key] ?? 0) + 1;
    }
  const notAcknowledged = probes.length - acknowledged.length;
  const notSeen = acknowledged.length - seen.length;
  return {
    sent: probes.length,
    acknowledged: acknowledged.length,
    notAcknowledged,
    notSeen,
    missing: notAcknowledged + notSeen,
    failedStatuses,
    lag: summarize(
      seen.map((p) => (p.seenAt as number) - (p.ackedAt as number)),
      0,
    ),
  };
}
