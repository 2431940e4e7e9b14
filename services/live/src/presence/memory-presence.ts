// The in-memory presence adapter of the embedded mode (one process, so one map is the whole truth).
// Behaves like the Redis adapter: same window, same ordering (ties broken by visitorId, descending, as a
// Redis sorted set does), same time-on-site rules.
import type { LiveActivity, LivePageChange, LiveUser } from '@bodymetrics/contracts';
import { toLiveUser, type PresenceEntry, type PresenceStore } from './presence-store';

export class MemoryPresenceStore implements PresenceStore {
  private readonly entries = new Map<string, PresenceEntry>();

  constructor(private readonly activeWindowMs: number) {}

  private isActive(entry: PresenceEntry | undefined, now: number): entry is PresenceEntry {
    return entry !== undefined && entry.lastSeen >= now - this.activeWindowMs;
  }

  async touch(activity: LiveActivity, now: number): Promise<void> {
    const previous = this.entries.get(activity.visitorId);
    const continues = this.isActive(previous, now) && previous.sessionId === activity.sessionId;
    this.entries.set(activity.visitorId, {
      ...activity,
      firstSeen: continues ? previous.firstSeen : now,
      // A heartbeat that arrives late (another instance's clock) never moves the visitor back in time.
      lastSeen: Math.max(now, previous?.lastSeen ?? now),
    });
  }

  async pageChange(change: LivePageChange, now: number): Promise<boolean> {
    const entry = this.entries.get(change.visitorId);
    if (!this.isActive(entry, now)) return false;
    const sameSession = entry.sessionId === change.sessionId;
    this.entries.set(change.visitorId, {
      ...entry,
      sessionId: change.sessionId,
      currentPage: change.currentPage,
      firstSeen: sameSession ? entry.firstSeen : now,
      lastSeen: Math.max(now, entry.lastSeen),
    });
    return true;
  }

  async list(now: number, limit: number): Promise<LiveUser[]> {
    return [...this.entries.values()]
      .filter((e) => this.isActive(e, now))
      .sort(
        (a, b) =>
          b.lastSeen - a.lastSeen || (a.visitorId < b.visitorId ? 1 : a.visitorId > b.visitorId ? -1 : 0),
      )
      .slice(0, limit)
      .map((e) => toLiveUser(e, now));
  }

  async count(now: number): Promise<number> {
    let n = 0;
    for (const e of this.entries.values()) if (this.isActive(e, now)) n++;
    return n;
  }

  async remove(visitorId: string): Promise<void> {
    this.entries.delete(visitorId);
  }

  async sweep(now: number): Promise<number> {
    let removed = 0;
    for (const [id, e] of this.entries) {
      if (!this.isActive(e, now)) {
        this.entries.delete(id);
        removed++;
      }
    }
    return removed;
  }
}
