// The identity of a submitted report: "the same report sent twice is stored once" (health_metrics has
// submission_hash UNIQUE). Normalised first, so spacing, letter case of the address and key order do
// not make two identical reports look different. Offers are not part of it: they are ads, not the report.
import { createHash } from 'node:crypto';
import type { Goal } from '@bodymetrics/contracts';
import type { HealthFormValues } from '@bodymetrics/health';

export interface ReportSubmission {
  name: string;
  email: string;
  metrics: HealthFormValues;
  selectedGoal: Goal | null;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function submissionHash(submission: ReportSubmission): string {
  const m = submission.metrics;
  // A fixed list in a fixed order: a canonical form that does not depend on how the client built the JSON.
  const canonical = [
    submission.name.trim().replace(/\s+/g, ' '),
    normaliseEmail(submission.email),
    m.age,
    m.gender,
    m.genderSpecification?.trim() || null,
    m.activityLevel,
    m.measurementSystem,
    m.weight,
    m.height,
    m.waist ?? null,
    m.hip ?? null,
    submission.selectedGoal,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
