// Read-only API keys (admin-auth creates and revokes them, the admin-session guard checks them).
import type { Generated } from 'kysely';
import type { DefaultTimestamp, Timestamp } from './columns';

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** `bm_` and the key's public part: shown in lists, and how a presented key is looked up. */
  prefix: string;
  /** SHA-256 (hex) of the whole key; the key itself is shown once and never stored. */
  key_hash: string;
  created_by: number | null;
  created_at: DefaultTimestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface ApiKeyTables {
  api_keys: ApiKeysTable;
}
