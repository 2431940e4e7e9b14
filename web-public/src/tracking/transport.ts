// The only way a tracking record leaves the page. Fire-and-forget by design: the visitor never waits for,
// sees, or is slowed by analytics; a failure is a debug line in the console (spec §8) and nothing more.
import { trackingAllowed } from './privacy';

/** Without a body (the spec's body-less counter call), the request has no body and no Content-Type. */
export function postTracking(path: string, body?: unknown): void {
  if (!trackingAllowed()) return;
  // keepalive lets a record sent just before a navigation (an offer click) still arrive.
  fetch(path, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  })
    .then((response) => {
      if (!response.ok) console.debug(`[tracking] ${path} answered ${response.status}`);
    })
    .catch((error: unknown) => console.debug(`[tracking] ${path} failed`, error));
}

/**
 * For the unload records: navigator.sendBeacon with the JSON as a string, which arrives as text/plain
 * (the server accepts that). Falls back to a keepalive fetch where beacons are missing or refused.
 */
export function beaconTracking(path: string, body: unknown): void {
  if (!trackingAllowed()) return;
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(path, JSON.stringify(body)))
      return;
  } catch (error) {
    console.debug(`[tracking] beacon to ${path} failed`, error);
  }
  postTracking(path, body);
}
