// "These admin sessions ended": told to the live service so it closes their sockets at once (a logged-out
// operator's dashboard stops receiving live data immediately, not at live's next session re-check).
// Best effort by design: the sessions are already gone from Postgres, so a missed notice only means the
// socket closes at the re-check (SESSION_RECHECK_MS) — a failure is logged, never turned into an error.
import type { Redis } from 'ioredis';
import { adminSessionsRevokedNotice, notifierOf, type AdminSessionsRevoked } from '@bodymetrics/contracts';

export type AnnounceSessionsRevoked = (revoked: AdminSessionsRevoked) => Promise<void>;

/** Publishes on the live service's Redis channel (distributed mode, and the CLI). */
export const publishSessionsRevoked = (redis: Redis, liveKeyPrefix: string): AnnounceSessionsRevoked =>
  notifierOf(adminSessionsRevokedNotice, { redis, keyPrefix: liveKeyPrefix });

/** The announcer with failures reported to `onError` instead of thrown. */
export const quietly =
  (announce: AnnounceSessionsRevoked | undefined, onError: (err: unknown) => void) =>
  async (revoked: AdminSessionsRevoked): Promise<void> => {
    if (!announce) return;
    try {
      await announce(revoked);
    } catch (err) {
      onError(err);
    }
  };
