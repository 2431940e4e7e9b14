// Stored health reports (table health_metrics): one row per distinct submission.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@bodymetrics/db';
import { normaliseEmail, submissionHash, type ReportSubmission } from './submission-hash';
import { asDate } from './timestamps';

type Executor = Kysely<Database> | Transaction<Database>;

/** Stores the report unless the same submission is already stored; true when a row was added. */
export async function storeHealthReport(db: Executor, submission: ReportSubmission): Promise<boolean> {
  const m = submission.metrics;
  const inserted = await db
    .insertInto('health_metrics')
    .values({
      name: submission.name,
      email: normaliseEmail(submission.email),
      age: m.age,
      gender: m.gender,
      weight: m.weight,
      height: m.height,
      waist: m.waist ?? null,
      hip: m.hip ?? null,
      activity_level: m.activityLevel,
      measurement_system: m.measurementSystem,
      gender_specification: m.genderSpecification?.trim() || null,
      selected_goal: submission.selectedGoal,
      submission_hash: submissionHash(submission),
    })
    .onConflict((oc) => oc.column('submission_hash').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export interface StoredHealthReport {
  id: number;
  name: string;
  email: string;
  age: number;
  gender: string;
  weight: number;
  height: number;
  waist: number | null;
  hip: number | null;
  activityLevel: string;
  measurementSystem: string;
  genderSpecification: string | null;
  selectedGoal: string | null;
  createdAt: Date;
}

const num = (v: string | null) => (v === null ? null : Number(v));

export async function listHealthReports(db: Executor): Promise<StoredHealthReport[]> {
  const rows = await db.selectFrom('health_metrics').selectAll().orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    age: r.age,
    gender: r.gender,
    weight: Number(r.weight),
    height: Number(r.height),
    waist: num(r.waist),
    hip: num(r.hip),
    activityLevel: r.activity_level,
    measurementSystem: r.measurement_system,
    genderSpecification: r.gender_specification,
    selectedGoal: r.selected_goal,
    createdAt: asDate(r.created_at),
  }));
}
