// Alert episodes (analytics' evaluator): opened when a rule fired, ended when its figure recovered.
import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

export interface AlertsTable {
  id: Generated<number>;
  /** contracts' alertKinds. */
  kind: string;
  /** What the rule watched: a figure's name, `offer:<id>`, `postbacks`, `botShare`, `suspiciousShare`. */
  subject: string;
  /** The subject in the operator's words when the episode opened. */
  subject_label: string;
  /** `count` or `percent`: how expected and observed read. */
  unit: string;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  expected: number;
  observed: number;
  acknowledged_at: Timestamp | null;
  /** When the episode's mail went to the opted-in admins; null until then. */
  notified_at: Timestamp | null;
}

export interface AlertTables {
  alerts: AlertsTable;
}
