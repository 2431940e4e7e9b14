// Where the admin session id lives between visits (spec §3 "Session (local browser storage)": an
// admin session id). The HttpOnly cookie the server sets carries the same id for the browser.
export const adminSessionStorageKey = 'bm_admin_session_id';

export function readStoredAdminSessionId(): string | null {
  try {
    return window.localStorage.getItem(adminSessionStorageKey);
  } catch {
    return null; // Storage can be disabled; the user then simply logs in again.
  }
}

export function storeAdminSessionId(sessionId: string): void {
  try {
    window.localStorage.setItem(adminSessionStorageKey, sessionId);
  } catch {
    // Without storage the session lasts as long as the page and the cookie do.
  }
}

export function clearStoredAdminSessionId(): void {
  try {
    window.localStorage.removeItem(adminSessionStorageKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
