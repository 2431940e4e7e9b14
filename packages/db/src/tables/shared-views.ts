// Shared views (analytics): read-only links to chosen tabs of the dashboard.
import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json, Timestamp } from './columns';

export interface SharedViewsTable {
  id: Generated<number>;
  name: string;
  /** The tabs shown: a JSON array of contracts' sharedViewTabs. */
  tabs: Json;
  /** SHA-256 (hex) of the link's token; the token itself is shown once and never stored. */
  token_hash: string;
  /** scrypt hash (admin-auth's password-hash) of the link's password; null: none asked. */
  password_hash: string | null;
  expires_at: Timestamp | null;
  /** The admin's username when the link was made. */
  created_by: string;
  created_at: DefaultTimestamp;
  revoked_at: Timestamp | null;
}

export interface SharedViewTables {
  shared_views: SharedViewsTable;
}
