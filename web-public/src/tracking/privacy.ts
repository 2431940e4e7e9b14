// The one privacy switch of the visitor's app: when the browser says "do not track" (Global Privacy
// Control, or the older Do Not Track header preference), no tracking call of any kind leaves the page —
// no page visits, beacons, journey steps, form snapshots, click records or live-presence socket.
// Every tracking path goes through `trackingAllowed()`; nothing else decides it.
export interface PrivacySignals {
  globalPrivacyControl?: unknown;
  doNotTrack?: unknown;
}

export function trackingAllowedBy(signals: PrivacySignals | undefined | null): boolean {
  if (!signals) return true;
  if (signals.globalPrivacyControl === true) return false;
  if (signals.doNotTrack === '1') return false;
  return true;
}

export function trackingAllowed(): boolean {
  return trackingAllowedBy(typeof navigator === 'undefined' ? undefined : (navigator as PrivacySignals));
}
