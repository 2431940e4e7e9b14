// Annotations of the daily charts (analytics): a note on a date or a range of dates, with who and when.
import type { Generated } from 'kysely';
import type { DateOnly, DefaultTimestamp, Timestamp } from './columns';

export interface AnnotationsTable {
  id: Generated<number>;
  start_date: DateOnly;
  /** The last date the note covers; start_date for a single day. */
  end_date: DateOnly;
  /** Plain text, 1–140 characters. */
  note: string;
  /** The admin's username when the note was written. */
  created_by: string;
  created_at: DefaultTimestamp;
  updated_by: string | null;
  updated_at: Timestamp | null;
}

export interface AnnotationTables {
  annotations: AnnotationsTable;
}
