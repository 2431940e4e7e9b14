// Who is on the site right now (design.md §3: Redis in distributed mode, memory in embedded mode — one
// interface, two adapters with the same behaviour, checked by one shared test suite).
//
// A visitor is active while heard from (user_active or user_page_change) within `activeWindowMs` — two
// activity heartbeats by default. Time on site counts from the first time the visitor was heard from in
// the current session; a new sessionId, or coming back after having dropped out of the window, starts
// over. Every method takes `now` (ms) so both adapters and their tests agree on the clock.
import type { LiveActivity, LivePageChange, LiveUser } from '@bodymetrics/contracts';

//
// Abuse resistance: a visitor id is held by the connection (socket) that first reported
// it while the visitor is active; another connection's reports for it change nothing until the holder lets
// go (its socket closed — a reload or a reconnect then takes it over) or the visitor drops out of the
// window. And a new visitor is only listed while its client network (/24, /64) has fewer than
// `maxPerNetwork` active visitors and the whole list fewer than `maxTotal`.

/** The connection reporting a visitor, and the client network it connects from (`clientNetwork(ip)`). */
export interface PresenceClaimant {
  connectionId: string;
  network: string;
}

export interface PresenceLimits {
  /** Active visitors one client network (IPv4 /24, IPv6 /64) may add to the list. */
  maxPerNetwork: number;
  /** Active visitors the list holds at most (bounds Redis / memory whatever the number of networks). */
  maxTotal: number;
}

export const defaultPresenceLimits: PresenceLimits = { maxPerNetwork: 20, maxTotal: 100_000 };

/**
 * What became of a heartbeat: recorded; or refused because another connection holds that visitor, the
 * client's network already has `maxPerNetwork` active visitors, or the list is full.
 */
export type TouchResult = 'recorded' | 'held_by_another' | 'network_full' | 'full';

export interface PresenceStore {
  /** Records a heartbeat with the visitor's full activity record, on behalf of `by`. */
  touch(activity: LiveActivity, now: number, by: PresenceClaimant): Promise<TouchResult>;
  /**
   * Records a page change of a visitor who is active and held by `by`. Returns false (and records nothing)
   * for a visitor not currently active — without the full activity record there is no device, browser or
   * location to show — or one another connection holds (or none does yet: its next heartbeat claims it).
   */
  pageChange(change: LivePageChange, now: number, by: PresenceClaimant): Promise<boolean>;
  /**
   * The connection closed: it no longer holds the visitor. When it was the visitor's last open socket (no
   * other tab reported them, on any instance), the visitor is off the list at once — returns true then, so
   * admins are told. A reload's new socket lists them again with its first heartbeat, keeping the
   * session's time on site while within the window.
   */
  release(visitorId: string, connectionId: string): Promise<boolean>;
  /** Active visitors, most recent activity first, at most `limit`. */
  list(now: number, limit: number): Promise<LiveUser[]>;
  count(now: number): Promise<number>;
  remove(visitorId: string): Promise<void>;
  /** Forgets visitors who dropped out of the window (keeps the store bounded); returns how many. */
  sweep(now: number): Promise<number>;
}

/** The stored state of one visitor, shared by both adapters. */
export interface PresenceEntry extends LiveActivity {
  firstSeen: number;
  lastSeen: number;
}

export function toLiveUser(entry: PresenceEntry, now: number): LiveUser {
  return {
    visitorId: entry.visitorId,
    currentPage: entry.currentPage,
    deviceType: entry.deviceType,
    browser: entry.browser,
    timeOnSite: Math.max(0, Math.floor((now - entry.firstSeen) / 1000)),
    location: entry.location,
    ...(entry.stage ? { stage: entry.stage } : {}),
  };
}
