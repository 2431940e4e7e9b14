// What the screens call to track. The tracker itself (request bodies, traffic classification, transport,
// unload beacons, live presence) is loaded as its own chunk right after the app starts, so none of it
// weighs on the first download; calls made before it arrives wait for it, in the order they were made.
// Tracking never blocks or slows the visitor, and a failure to load it is only logged.
import type * as Tracker from './tracker';

let tracker: Promise<typeof Tracker> | undefined;

function withTracker(use: (t: typeof Tracker) => void): void {
  tracker ??= import('./tracker');
  tracker.then(use, (error: unknown) => console.debug('tracking unavailable', error));
}

export const startPageTracking = (): void => withTracker((t) => t.startPageTracking());
export const trackRouteView = (path: string): void => withTracker((t) => t.trackRouteView(path));
export const trackFlowStage = (...args: Parameters<typeof Tracker.trackFlowStage>): void =>
  withTracker((t) => t.trackFlowStage(...args));
export const trackJourney = (...args: Parameters<typeof Tracker.trackJourney>): void =>
  withTracker((t) => t.trackJourney(...args));
export const trackFormSnapshot = (...args: Parameters<typeof Tracker.trackFormSnapshot>): void =>
  withTracker((t) => t.trackFormSnapshot(...args));
export const trackResultsOfferClick = (...args: Parameters<typeof Tracker.trackResultsOfferClick>): void =>
  withTracker((t) => t.trackResultsOfferClick(...args));
export const trackBridgeOfferClick = (...args: Parameters<typeof Tracker.trackBridgeOfferClick>): void =>
  withTracker((t) => t.trackBridgeOfferClick(...args));
