// The operators' accounts and their sessions and password resets (admin-auth), and the secrets a service
// generated for itself (admin-auth's device-marker key).
import type { Generated } from 'kysely';
import type { DateOnly, DefaultTimestamp, Timestamp } from './columns';

export type AdminRole = 'admin' | 'viewer';

export interface AdminUsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  is_active: Generated<boolean>;
  /** Opted in to the weekly digest mail; off until the admin turns it on. */
  weekly_digest: Generated<boolean>;
  /** Opted in to the alert mails; off until the admin turns it on. */
  alerts_opt_in: Generated<boolean>;
  /** What the account may do: `admin` everything, `viewer` read only (an admin is the default). */
  role: Generated<AdminRole>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export interface AdminSessionsTable {
  id: Generated<number>;
  session_id: string;
  admin_id: number;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
}
export interface PasswordResetsTable {
  id: Generated<number>;
  email: string;
  token: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultTimestamp;
}
/** A secret a service generated for itself (no setting given), the same for all its instances. */
export interface ServiceSecretsTable {
  name: string;
  value: string;
  created_at: DefaultTimestamp;
}

/** One weekly digest per admin and week: the claim (inserted before sending) and when the mail went out. */
export interface WeeklyDigestsSentTable {
  admin_id: number;
  /** The Monday of the digest's week, in the operator's time zone. */
  week_start: DateOnly;
  claimed_at: DefaultTimestamp;
  sent_at: Timestamp | null;
}

export interface AdminTables {
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  password_resets: PasswordResetsTable;
  service_secrets: ServiceSecretsTable;
  weekly_digests_sent: WeeklyDigestsSentTable;
}
