// Who is on the site right now (design.md §3: Redis in distributed mode, memory in embedded mode — one
// interface, two adapters with the same behaviour, checked by one shared test suite).
//
// A visitor is active while heard from (user_active or user_page_change) within `activeWindowMs` — two
// activity heartbeats by default. Time on site counts from the first time the visitor was heard from in
// the current session; a new sessionId, or coming back after having dropped out of the window, starts
// over. Every method takes `now` (ms) so both adapters and their tests agree on the clock.
import type { LiveActivity, LivePageChange, LiveUser } from '@bodymetrics/contracts';

export interface PresenceStore {
  /** Records a heartbeat with the visitor's full activity record. */
  touch(activity: LiveActivity, now: number): Promise<void>;
  /**
   * Records a page change of a visitor who is active. Returns false (and records nothing) for a visitor
   * not currently active: without the full activity record there is no device, browser or location to show.
   */
  pageChange(change: LivePageChange, now: number): Promise<boolean>;
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
  };
}
