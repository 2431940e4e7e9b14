// Who the visitor is, as far as the analytics know: one visitor id (`bm_visitor_id`), a per-tab session id
// in sessionStorage, and the has_visited flag that makes a visitor "returning". The visitor id is kept in
// localStorage across visits only once the visitor allowed analytics storage (privacy/storage-choice.ts);
// until then it lives in sessionStorage and ends with the tab, and the has_visited flag is only read. The
// flag is written when the visitor allows analytics storage and on every later visit with consent.
// The original product kept two visitor ids (one per tracker, one in each storage) that disagreed; here
// there is exactly one at a time, so every record of a visit joins up.
import { randomId } from '../lib/ids';
import { browserStorage, type KeyValueStorage } from '../lib/storage';
import {
  currentPersistentIdsAllowed,
  HAS_VISITED_KEY,
  returningVisitThisLoad,
  takeReturningFlag,
  VISITOR_ID_KEY,
  visitorStores,
  type VisitorStores,
} from '../privacy/storage-choice';

export { HAS_VISITED_KEY, takeReturningFlag, VISITOR_ID_KEY };
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

export function visitorId(): string {
  return visitorIdIn(visitorStores(), currentPersistentIdsAllowed());
}

/**
 * The visitor as the tracking calls name it: the id, and whether it is kept on the device (so the server
 * counts this visitor by it, across days, rather than by its daily visitor key).
 */
export function visitor(): { visitorId: string; storageAllowed: boolean } {
  const storageAllowed = currentPersistentIdsAllowed();
  return { visitorId: visitorIdIn(visitorStores(), storageAllowed), storageAllowed };
}

export function sessionId(): string {
  return readOrCreateId(browserStorage('sessionStorage'), SESSION_ID_KEY);
}

/** Whether this page load is a returning visit (read once per load; see privacy/storage-choice.ts). */
export function isReturningVisitor(): 0 | 1 {
  return returningVisitThisLoad();
}
