// Who the visitor is, as far as the analytics know: one visitor id kept in localStorage across visits
// (`bm_visitor_id`), a per-tab session id in sessionStorage, and the has_visited flag that makes a visitor
// "returning". The original product kept two visitor ids (one per tracker, one in each storage) that
// disagreed; here there is exactly one, so every record of a visitor joins up.
import { randomId } from '../lib/ids';
import { browserStorage, type KeyValueStorage } from '../lib/storage';

export const VISITOR_ID_KEY = 'bm_visitor_id';
export const SESSION_ID_KEY = 'bm_session_id';
export const HAS_VISITED_KEY = 'has_visited';

const usableId = (value: string | null): value is string =>
  value !== null && value.trim().length > 0 && value.length <= 128;

/** The id stored under `key`, created (and stored) when missing or unusable. */
export function readOrCreateId(
  storage: KeyValueStorage,
  key: string,
  create: () => string = randomId,
): string {
  const stored = storage.getItem(key);
  if (usableId(stored)) return stored;
  const fresh = create();
  storage.setItem(key, fresh);
  return fresh;
}

/** 1 when the flag was already set (a returning visitor), else 0; sets the flag either way. */
export function takeReturningFlag(storage: KeyValueStorage): 0 | 1 {
  const returning = storage.getItem(HAS_VISITED_KEY) !== null;
  storage.setItem(HAS_VISITED_KEY, 'true');
  return returning ? 1 : 0;
}

export function visitorId(): string {
  return readOrCreateId(browserStorage('localStorage'), VISITOR_ID_KEY);
}

export function sessionId(): string {
  return readOrCreateId(browserStorage('sessionStorage'), SESSION_ID_KEY);
}

// Read once per page load: the first read sets the flag, and every page view of this load must report
// the answer from before it was set.
let returningThisLoad: 0 | 1 | undefined;
export function isReturningVisitor(): 0 | 1 {
  returningThisLoad ??= takeReturningFlag(browserStorage('localStorage'));
  return returningThisLoad;
}
