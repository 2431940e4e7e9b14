// The only way a tracking record leaves the page. Fire-and-forget by design: the visitor never waits for,
// sees, or is slowed by analytics; a failure is a debug line in the console (spec §8) and nothing more.
//
// Exactly once: every call with a body gets its own `eventId` (a UUID) here, once, and keeps it across that
// call's retries — a retry after a 503 or a lost answer, the fetch behind a refused beacon. Tracking makes it
// the event's id, so the aggregator applies the call once however many times it arrived
// (docs/counting.md). The body-less counter call has none (it has no body to carry one).
import { trackingAllowed } from './privacy';

/** Answers that say the write may not have been taken: tried again, with the same eventId. */
const RETRIED_STATUSES = new Set([502, 503, 504]);
/** The waits before the second and third attempts (ms); after those the record is given up. */
export const RETRY_DELAYS_MS = [1000, 4000] as const;

type CryptoLike = Partial<Pick<Crypto, 'randomUUID' | 'getRandomValues'>>;

/**
 * A fresh id for one call. `crypto.randomUUID` exists only on secure pages (https, localhost); elsewhere a
 * version-4 UUID is made from `getRandomValues`, or from Math.random where even that is missing.
 */
export function newEventId(cryptoApi: CryptoLike | undefined = globalThis.crypto): string {
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The body as sent: the caller's fields plus this call's eventId. */
const withEventId = (body: object): object => ({ ...body, eventId: newEventId() });

/** One attempt of a call; a 502/503/504 or a network failure is tried again later with the very same body. */
function send(path: string, json: string | undefined, attempt: number): void {
  const retry = (why: string): void => {
    const delay = RETRY_DELAYS_MS[attempt];
    if (json === undefined || delay === undefined) {
      console.debug(`[tracking] ${path} ${why}`);
      return;
    }
    console.debug(`[tracking] ${path} ${why}; trying again in ${delay} ms`);
    setTimeout(() => send(path, json, attempt + 1), delay);
  };
  // keepalive lets a record sent just before a navigation (an offer click) still arrive.
  fetch(path, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    ...(json === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: json }),
  })
    .then((response) => {
      if (response.ok) return;
      if (RETRIED_STATUSES.has(response.status)) retry(`answered ${response.status}`);
      else console.debug(`[tracking] ${path} answered ${response.status}`);
    })
    .catch((error: unknown) => retry(`failed (${String(error)})`));
}

/**
 * Without a body (the spec's body-less counter call), the request has no body and no Content-Type, and is
 * sent once: with no eventId to tell a retry from a second click, a retry could count twice.
 */
export function postTracking(path: string, body?: object): void {
  if (!trackingAllowed()) return;
  send(path, body === undefined ? undefined : JSON.stringify(withEventId(body)), 0);
}

/**
 * For the unload records: navigator.sendBeacon with the JSON as a string, which arrives as text/plain
 * (the server accepts that). Falls back to a keepalive fetch where beacons are missing or refused — the
 * same call, so the same eventId.
 */
export function beaconTracking(path: string, body: object): void {
  if (!trackingAllowed()) return;
  const json = JSON.stringify(withEventId(body));
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(path, json)) return;
  } catch (error) {
    console.debug(`[tracking] beacon to ${path} failed`, error);
  }
  send(path, json, 0);
}
