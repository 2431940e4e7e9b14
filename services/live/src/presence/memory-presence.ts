// The in-memory presence adapter of the embedded mode (one process, so one map is the whole truth).
// Behaves like the Redis adapter: same window, same ordering (ties broken by visitorId, descending, as a
// Redis sorted set does), same time-on-site rules, same holder and caps (presence-store.ts).
import type { LiveActivity, LivePageChange, LiveUser } from '@bodymetrics/contracts';
import type { PresenceClaimant, PresenceStore, TouchResult } from './presence-store';
import { defaultPresenceLimits, toLiveUser, type PresenceEntry, type PresenceLimits } from './presence-store';

interface HeldEntry extends PresenceEntry {
  /** The connection that holds the visitor; undefined once it closed. */
  holder: string | undefined;
  network: string;
  /** Its last open socket closed: off the list, but a reload within the window keeps its time on site. */
  left: boolean;
}

export class MemoryPresenceStore implements PresenceStore {
  private readonly entries = new Map<string, HeldEntry>();
  /** Visitor ids stored per client network (active or not yet swept), to count a network's visitors. */
  private readonly byNetwork = new Map<string, Set<string>>();
  /** The open sockets (connection ids) that reported each visitor, held or not: its open tabs. */
  private readonly sockets = new Map<string, Set<string>>();

  constructor(
    private readonly activeWindowMs: number,
    private readonly limits: PresenceLimits = defaultPresenceLimits,
  ) {}

  private isActive(entry: HeldEntry | undefined, now: number): entry is HeldEntry {
    return this.withinWindow(entry, now) && !entry.left;
  }

  private withinWindow(entry: HeldEntry | undefined, now: number): entry is HeldEntry {
    return entry !== undefined && entry.lastSeen >= now - this.activeWindowMs;
  }

  private addSocket(visitorId: string, connectionId: string): void {
    let ids = this.sockets.get(visitorId);
    if (!ids) this.sockets.set(visitorId, (ids = new Set()));
    ids.add(connectionId);
  }

  private activeInNetwork(network: string, now: number): number {
    let n = 0;
    for (const id of this.byNetwork.get(network) ?? []) if (this.isActive(this.entries.get(id), now)) n++;
    return n;
  }

  private store(entry: HeldEntry): void {
    const previous = this.entries.get(entry.visitorId);
    if (previous && previous.network !== entry.network) this.forgetNetwork(previous);
    this.entries.set(entry.visitorId, entry);
    let ids = this.byNetwork.get(entry.network);
    if (!ids) this.byNetwork.set(entry.network, (ids = new Set()));
    ids.add(entry.visitorId);
  }

  private forgetNetwork(entry: HeldEntry): void {
    const ids = this.byNetwork.get(entry.network);
    ids?.delete(entry.visitorId);
    if (ids?.size === 0) this.byNetwork.delete(entry.network);
  }

  async touch(activity: LiveActivity, now: number, by: PresenceClaimant): Promise<TouchResult> {
    const previous = this.entries.get(activity.visitorId);
    const active = this.isActive(previous, now);
    if (active && previous.holder !== undefined && previous.holder !== by.connectionId) {
      // Another open tab of the visitor (or a spoofer): it counts as one of their sockets all the same.
      this.addSocket(activity.visitorId, by.connectionId);
      return 'held_by_another';
    }
    if (
      (!active || previous.network !== by.network) &&
      this.activeInNetwork(by.network, now) >= this.limits.maxPerNetwork
    )
      return 'network_full';
    if (!active && this.entries.size >= this.limits.maxTotal) {
      // The map also holds visitors who left since the last sweep; only active ones count.
      await this.sweep(now);
      if (this.entries.size >= this.limits.maxTotal) return 'full';
    }
    // A visitor who left and is back within the window (a reload) keeps the session's time on site.
    const continues = this.withinWindow(previous, now) && previous.sessionId === activity.sessionId;
    this.store({
      ...activity,
      firstSeen: continues ? previous.firstSeen : now,
      // A heartbeat that arrives late (another instance's clock) never moves the visitor back in time.
      lastSeen: Math.max(now, previous?.lastSeen ?? now),
      holder: by.connectionId,
      network: by.network,
      left: false,
    });
    this.addSocket(activity.visitorId, by.connectionId);
    return 'recorded';
  }

  async pageChange(change: LivePageChange, now: number, by: PresenceClaimant): Promise<boolean> {
    const entry = this.entries.get(change.visitorId);
    if (!this.isActive(entry, now) || entry.holder !== by.connectionId) return false;
    const sameSession = entry.sessionId === change.sessionId;
    this.store({
      ...entry,
      sessionId: change.sessionId,
      currentPage: change.currentPage,
      stage: change.stage,
      firstSeen: sameSession ? entry.firstSeen : now,
      lastSeen: Math.max(now, entry.lastSeen),
    });
    return true;
  }

  async release(visitorId: string, connectionId: string): Promise<boolean> {
    const entry = this.entries.get(visitorId);
    if (entry?.holder === connectionId) entry.holder = undefined;
    const ids = this.sockets.get(visitorId);
    if (!ids?.delete(connectionId) || ids.size > 0) return false;
    this.sockets.delete(visitorId);
    if (!entry || entry.left) return false;
    entry.left = true;
    // Off the list at once, and its network place is free again.
    this.forgetNetwork(entry);
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
    const entry = this.entries.get(visitorId);
    if (!entry) return;
    this.forgetNetwork(entry);
    this.entries.delete(visitorId);
    this.sockets.delete(visitorId);
  }

  async sweep(now: number): Promise<number> {
    let removed = 0;
    for (const [id, e] of this.entries) {
      if (!this.withinWindow(e, now)) {
        this.forgetNetwork(e);
        this.entries.delete(id);
        this.sockets.delete(id);
        removed++;
      }
    }
    return removed;
  }
}
