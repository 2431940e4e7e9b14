// Read-only API keys: `bm_<public part>_<secret>`. The public part (with `bm_`, the key's prefix) names
// the key in lists and finds its row; the secret is 32 random bytes. Only the SHA-256 of the whole key is
// stored: a random 256-bit secret needs no slow hash, and a fast one keeps each keyed request cheap.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@bodymetrics/db';

const keyPattern = /^(bm_[0-9a-f]{10})_[A-Za-z0-9_-]{43}$/;

/** A token in the API key's shape: checked as a key, never as a session (a session id is 43 characters). */
export const looksLikeApiKey = (token: string): boolean => keyPattern.test(token);

export const apiKeyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key: shown once to its creator; its prefix and hash are what is stored. */
export function newApiKey(): { key: string; prefix: string; keyHash: string } {
  const prefix = `bm_${randomBytes(5).toString('hex')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, keyHash: apiKeyHash(key) };
}

export interface ApiKeyCaller {
  id: number;
  name: string;
  prefix: string;
}

/** lastUsedAt is written at most this often per key, so a busy script does not write on every read. */
const lastUsedResolutionMs = 60_000;

/** The key's row when the key is well formed, known and not revoked; else null. Read on every request. */
export async function findUsableApiKey(db: Db, key: string): Promise<ApiKeyCaller | null> {
  const prefix = keyPattern.exec(key)?.[1];
  if (!prefix) return null;
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'key_hash', 'last_used_at'])
    .where('prefix', '=', prefix)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const presented = Buffer.from(apiKeyHash(key), 'hex');
  const stored = Buffer.from(row.key_hash, 'hex');
  if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) return null;
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() >= lastUsedResolutionMs)
    await db
      .updateTable('api_keys')
      .set({ last_used_at: sql`now()` })
      .where('id', '=', row.id)
      .execute();
  return { id: row.id, name: row.name, prefix: row.prefix };
}
