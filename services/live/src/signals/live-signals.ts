// How live instances tell each other (and themselves) that something moved: presence changes fan out to
// every instance's admin sockets; the aggregator's "analytics changed" notice becomes analytics_update.
// Redis pub/sub in distributed mode, an in-process emitter in embedded mode (design.md §3).
import type { AdminSessionsRevoked, AnalyticsChangedNotice } from '@bodymetrics/contracts';

export interface LiveSignals {
  /** Announces a presence change to every live instance, this one included. */
  presenceChanged(): Promise<void>;
  onPresenceChanged(handler: () => void): void;
  /** What the aggregator does after a batch; the embedded mode calls it in-process. */
  announceAnalyticsChanged(notice: AnalyticsChangedNotice): Promise<void>;
  onAnalyticsChanged(handler: (notice: AnalyticsChangedNotice) => void): void;
  /** admin-auth's "these sessions ended" (logout, password change, admin disabled); the embedded mode calls it in-process. */
  announceSessionsRevoked(revoked: AdminSessionsRevoked): Promise<void>;
  onSessionsRevoked(handler: (revoked: AdminSessionsRevoked) => void): void;
  close(): Promise<void>;
}

/** Channel on which live instances announce presence changes to each other. */
export const presenceChangedChannel = (prefix = '') => `${prefix}bodymetrics:presence-changed`;
