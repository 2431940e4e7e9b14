// What visitors hand to the reports service: the calculation behind an emailed report, the newsletter and
// its double opt-in, shared result cards, and contact messages (report mails per recipient are counted in
// rate_limit_counters, tables/rate-limits.ts).
import type {
  ActivityLevel,
  BmiCategory,
  ContactReason,
  Gender,
  Goal,
  MeasurementSystem,
} from '@bodymetrics/contracts';
import type { Generated } from 'kysely';
import type { DefaultTimestamp, Numeric, Timestamp } from './columns';

export interface HealthMetricsTable {
  id: Generated<number>;
  name: string;
  email: string;
  age: number;
  gender: Gender;
  weight: Numeric;
  height: Numeric;
  waist: Numeric | null;
  hip: Numeric | null;
  activity_level: ActivityLevel;
  measurement_system: MeasurementSystem;
  gender_specification: string | null;
  selected_goal: Goal | null;
  submission_hash: string;
  created_at: DefaultTimestamp;
}
export interface NewsletterSubscribersTable {
  email: string;
  name: string | null;
  unsubscribe_token: string;
  subscribed_at: DefaultTimestamp;
  unsubscribed_at: Timestamp | null;
}
/** A newsletter subscription waiting for the recipient's confirmation (double opt-in). */
export interface NewsletterConfirmationsTable {
  token_hash: string;
  email: string;
  name: string | null;
  expires_at: Timestamp;
  confirmed_at: Timestamp | null;
  created_at: DefaultTimestamp;
}
export interface ContactMessagesTable {
  id: Generated<number>;
  full_name: string;
  email: string;
  reason: ContactReason;
  message: string;
  ip_address: string | null;
  forwarded_at: Timestamp | null;
  created_at: DefaultTimestamp;
}
/** One share (a link someone posted): points at its card; expires with the retention job. */
export interface ShareImagesTable {
  id: string;
  card_key: string;
  platform: string;
  created_at: DefaultTimestamp;
}
/** A rendered card, stored once per content key (rounded BMI and category). */
export interface ShareCardsTable {
  card_key: string;
  bmi: Numeric;
  bmi_category: BmiCategory;
  png: Buffer;
  created_at: DefaultTimestamp;
}

export interface ReportTables {
  health_metrics: HealthMetricsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_confirmations: NewsletterConfirmationsTable;
  contact_messages: ContactMessagesTable;
  share_images: ShareImagesTable;
  share_cards: ShareCardsTable;
}
