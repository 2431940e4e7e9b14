// Who the visitor is, as far as the analytics know: one visitor id (`bm_visitor_id`), a per-tab session id
// in sessionStorage, and the has_visited flag that makes a visitor "returning". The visitor id is kept in
// localStorage across visits only once the visitor allowed analytics storage (privacy/storage-choice.ts);
// until then it lives in sessionStorage and ends with the tab, and the has_visited flag is only read.
// The original product kept two visitor ids (one per tracker, one in each storage) that disagreed; here
// there is exactly one at a time, so every record of a visit joins up.
import { randomId } from '../lib/ids';
import { browserStorage, type KeyValueStorage } from '../lib/storage';
import {
  currentPersistentIdsAllowed,
  HAS_VISITED_KEY,
  VISITOR_ID_KEY,
  visitorStores,
  type VisitorStores,
} from '../privacy/storage-choice';

export { HAS_VISITED_KEY, VISITOR_ID_KEY };
export const SESSION_ID_KEY = 'bm_session_id';

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

/** The visitor id: across visits (local storage) when allowed, else for this tab only (session storage). */
export function visitorIdIn(
  stores: VisitorStores,
  persistent: boolean,
  create: () => string = randomId,
): string {
  return readOrCreateId(persistent ? stores.local : stores.session, VISITOR_ID_KEY, create);
}

/** 1 when the flag was already set (a returning visitor), else 0; sets the flag only when allowed. */
export function takeReturningFlag(storage: KeyValueStorage, persistent = true): 0 | 1 {
  const returning = storage.getItem(HAS_VISITED_KEY) !== null;
  if (persistent) storage.setItem(HAS_VISITED_KEY, 'true');
  return returning ? 1 : 0;
}

export function visitorId(): string {
  return visitorIdIn(visitorStores(), currentPersistentIdsAllowed());
}

export function sessionId(): string {
  return readOrCreateId(browserStorage('sessionStorage'), SESSION_ID_KEY);
}

// Read once per page load: the first read sets the flag, and every page view of this load must report
// the answer from before it was set.
let returningThisLoad: 0 | 1 | undefined;
export function isReturningVisitor(): 0 | 1 {
  returningThisLoad ??= takeReturningFlag(browserStorage('localStorage'), currentPersistentIdsAllowed());
  return returningThisLoad;
}
