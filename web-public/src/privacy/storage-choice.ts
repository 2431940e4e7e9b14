// The visitor's storage choice (the consent banner of the Cookie Policy). Until they allow analytics
// storage, nothing that recognises them across visits is written: the visitor id lives in session storage
// (gone when the tab closes) and the returning-visitor flag is not set. Allowing it keeps the id this
// visit already uses, now in local storage, and sets the flag, so the next visit counts as returning;
// choosing "necessary only" later deletes both again. The choice
// itself is strictly necessary storage and is remembered. A browser privacy signal (GPC/DNT) wins over
// everything: no analytics at all, and no persistent id even with an earlier "allow".
import { browserStorage, type KeyValueStorage } from '../lib/storage';
import { trackingAllowed } from '../tracking/privacy';

export const STORAGE_CHOICE_KEY = 'bm_storage_choice';
export const VISITOR_ID_KEY = 'bm_visitor_id';
export const HAS_VISITED_KEY = 'has_visited';

export type StorageChoice = 'analytics' | 'necessary';

export interface VisitorStores {
  local: KeyValueStorage;
  session: KeyValueStorage;
}

export function readStorageChoice(local: KeyValueStorage): StorageChoice | null {
  const stored = local.getItem(STORAGE_CHOICE_KEY);
  return stored === 'analytics' || stored === 'necessary' ? stored : null;
}

/** Whether ids that outlive the tab may be written: only with the visitor's yes and no privacy signal. */
export function persistentIdsAllowed(choice: StorageChoice | null, signalsAllowTracking: boolean): boolean {
  return choice === 'analytics' && signalsAllowTracking;
}

/**
 * Stores the choice and moves the visitor's storage to match it. `signalsAllowTracking` is the browser's
 * privacy signal (false under GPC/DNT): with it, "allow" is remembered but nothing that recognises the
 * visitor is written.
 */
export function applyStorageChoice(
  stores: VisitorStores,
  choice: StorageChoice,
  signalsAllowTracking = true,
): void {
  if (choice === 'analytics') {
    // Keep the id this visit has been using, so its records and the later ones join up.
    const sessionOnly = stores.session.getItem(VISITOR_ID_KEY);
    if (sessionOnly && !stores.local.getItem(VISITOR_ID_KEY))
      stores.local.setItem(VISITOR_ID_KEY, sessionOnly);
    stores.session.removeItem(VISITOR_ID_KEY);
    // This visit happened: mark it now, so the very next visit is a returning one. Written only at the
    // choice (and on later visits with consent), the flag would otherwise first appear on visit 2 and the
    // visitor be counted as returning only from visit 3. This visit's own page views keep the answer they
    // read when the page loaded (identity.ts reads it once per load).
    if (persistentIdsAllowed(choice, signalsAllowTracking)) stores.local.setItem(HAS_VISITED_KEY, 'true');
  } else {
    stores.local.removeItem(VISITOR_ID_KEY);
    stores.local.removeItem(HAS_VISITED_KEY);
  }
  stores.local.setItem(STORAGE_CHOICE_KEY, choice);
}

/** 1 when the flag was already set (a returning visitor), else 0; sets the flag only when allowed. */
export function takeReturningFlag(storage: KeyValueStorage, persistent = true): 0 | 1 {
  const returning = storage.getItem(HAS_VISITED_KEY) !== null;
  if (persistent) storage.setItem(HAS_VISITED_KEY, 'true');
  return returning ? 1 : 0;
}

/** The banner shows itself on a first visit; under a privacy signal there is nothing to ask. */
export function bannerShownOnArrival(choice: StorageChoice | null, signalsAllowTracking: boolean): boolean {
  return choice === null && signalsAllowTracking;
}

// ---- the app's one instance: the browser's storage and a tiny store the banner and footer share ----------

export const visitorStores = (): VisitorStores => ({
  local: browserStorage('localStorage'),
  session: browserStorage('sessionStorage'),
});

export function currentPersistentIdsAllowed(): boolean {
  return persistentIdsAllowed(readStorageChoice(visitorStores().local), trackingAllowed());
}

export interface StorageChoiceState {
  choice: StorageChoice | null;
  /** Opened from the footer ("Privacy choices"), whatever the choice. */
  reopened: boolean;
}

let state: StorageChoiceState | undefined;
const listeners = new Set<() => void>();

function publish(next: StorageChoiceState) {
  state = next;
  for (const listener of listeners) listener();
}

export function storageChoiceState(): StorageChoiceState {
  state ??= { choice: readStorageChoice(visitorStores().local), reopened: false };
  return state;
}

export function subscribeStorageChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Whether this page load is a returning visit, read once per load: every page view of the load reports
// the answer from before the flag was set. The first read is the load's first page view or, should the
// visitor answer the banner before the tracker has sent it, the answer itself — so "allow" on visit 1
// never turns visit 1 into a returning one.
let returningThisLoad: 0 | 1 | undefined;
export function returningVisitThisLoad(): 0 | 1 {
  returningThisLoad ??= takeReturningFlag(visitorStores().local, currentPersistentIdsAllowed());
  return returningThisLoad;
}

export function chooseStorage(choice: StorageChoice): void {
  returningVisitThisLoad();
  applyStorageChoice(visitorStores(), choice, trackingAllowed());
  publish({ choice, reopened: false });
}

export function openStorageChoices(): void {
  publish({ ...storageChoiceState(), reopened: true });
}

export function closeStorageChoices(): void {
  publish({ ...storageChoiceState(), reopened: false });
}
