// What the app tells the analytics (spec §7 "Visitor tracking"), in the app's words: a route was viewed,
// a journey step happened, the form changed, an offer was clicked. Each function returns at once; the
// records go out in the background through transport.ts, and nothing at all is sent when the browser
// asks not to be tracked (privacy.ts).
import {
  fillPath,
  trackingPaths,
  type ClientJourneyStep,
  type LiveStage,
  type OfferPlacement,
} from '@bodymetrics/contracts';
import type { FormFields } from '../home/form-fields';
import {
  affiliateClickBody,
  bridgeOfferClickBody,
  journeyBody,
  offerImpressionBody,
  pageLeaveBody,
  pageVisitBody,
  sessionDurationBody,
  formSnapshotBody,
  type ClickedOffer,
} from './bodies';
import { loadBrowserInfo } from './browser-info';
import { currentDeviceType, currentTimeZone, locationFromTimeZone } from './device';
import { isReturningVisitor, sessionId, visitor, visitorId } from './identity';
import type { LivePresence } from './live-socket';
import { trackingAllowed } from './privacy';
import { beaconTracking, postTracking } from './transport';

const FORM_SNAPSHOT_DEBOUNCE_MS = 1000;

let currentPage = typeof location === 'undefined' ? '/' : location.pathname;
let previousPageUrl: string | null = null;
/** The home flow's step as HomePage last reported it (form, calculating, bridge, results all live at `/`). */
let homeStage: LiveStage = 'form';

/** The flow stage the live list shows for a route. */
export function stageForPage(path: string, home: LiveStage): LiveStage | undefined {
  if (path === '/') return home;
  if (path === '/legal/contact') return 'contact';
  if (path.startsWith('/legal/')) return 'legal';
  return undefined;
}

/** A page load or an in-app route view: one page-visit record. */
export function trackPageView(): void {
  if (!trackingAllowed()) return;
  // Read everything now: by the time the parser has loaded the visitor may be on another route.
  const pageUrl = location.href;
  // The first view's referrer is the page the visitor came from; later views came from our own page.
  const referrer = previousPageUrl ?? document.referrer;
  previousPageUrl = pageUrl;
  const userAgent = navigator.userAgent;
  const facts = {
    ...visitor(),
    sessionId: sessionId(),
    pageUrl,
    userAgent,
    referrer,
    deviceType: currentDeviceType(),
    screenWidth: screen.width,
    screenHeight: screen.height,
    language: navigator.language,
    timeZone: currentTimeZone(),
    isReturningVisitor: isReturningVisitor(),
  };
  void loadBrowserInfo(userAgent).then((browser) =>
    postTracking(trackingPaths.pageVisit, pageVisitBody({ ...facts, ...browser })),
  );
}

/** A step the page saw; email_provided and report_sent are the reports service's to record. */
export function trackJourney(
  step: ClientJourneyStep,
  stepData?: Record<string, string | number | boolean | null>,
): void {
  if (!trackingAllowed()) return;
  postTracking(
    trackingPaths.journeyTrack,
    journeyBody({
      ...visitor(),
      sessionId: sessionId(),
      step,
      stepData,
      deviceType: currentDeviceType(),
      userAgent: navigator.userAgent,
    }),
  );
}

let pendingSnapshot: { fields: FormFields; currentStep: string } | null = null;
let snapshotTimer: ReturnType<typeof setTimeout> | undefined;

function snapshotBody(snapshot: { fields: FormFields; currentStep: string }) {
  return formSnapshotBody({
    visitorId: visitorId(),
    sessionId: sessionId(),
    ...snapshot,
    timestamp: Date.now(),
  });
}

/** The form as it is now; sent once the visitor pauses typing for a second. */
export function trackFormSnapshot(fields: FormFields, currentStep: string): void {
  if (!trackingAllowed()) return;
  pendingSnapshot = { fields, currentStep };
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(() => {
    if (!pendingSnapshot) return;
    postTracking(trackingPaths.formSnapshot, snapshotBody(pendingSnapshot));
    pendingSnapshot = null;
  }, FORM_SNAPSHOT_DEBOUNCE_MS);
}

/**
 * A click on an offer card of the results page: the full click record (the one analytics click) and the
 * spec's body-less POST /api/affiliate-offers/{id}/click, which feeds only the offer's own `clicks`
 * counter and no dashboard figure — so the click is still counted once (docs/counting.md).
 */
export function trackResultsOfferClick(offer: ClickedOffer, clickId: string): void {
  if (!trackingAllowed()) return;
  postTracking(
    trackingPaths.affiliateClick,
    affiliateClickBody({
      offer,
      clickId,
      ...visitor(),
      sessionId: sessionId(),
      userAgent: navigator.userAgent,
      referrer: document.referrer,
    }),
  );
  postTracking(fillPath(trackingPaths.offerCounterClick, { id: offer.id }));
}

/**
 * A click on an offer's button on the bridge page: the bridge's own click call, once (it is the analytics click
 * and moves the offer's counter too), plus its journey step.
 */
export function trackBridgeOfferClick(offerId: number, clickId: string): void {
  if (!trackingAllowed()) return;
  postTracking(
    trackingPaths.bridgeOfferClick,
    bridgeOfferClickBody({ offerId, clickId, ...visitor(), sessionId: sessionId() }),
  );
  trackJourney('bridge_affiliate_click', { offerId });
}

/** The offers a bridge or results page view showed: one call naming them all. */
export function trackOfferImpressions(placement: OfferPlacement, offerIds: readonly number[]): void {
  if (!trackingAllowed() || offerIds.length === 0) return;
  postTracking(
    trackingPaths.offerImpression,
    offerImpressionBody({ placement, offerIds, ...visitor(), sessionId: sessionId() }),
  );
}

// ---- page lifetime: unload beacons and live presence ----------------------------------------------

let shownAt = Date.now();
let live: LivePresence | undefined;
let liveStarting = false;

function onPageHide() {
  if (!trackingAllowed()) return;
  const facts = { visitorId: visitorId(), sessionId: sessionId(), pageUrl: location.href };
  beaconTracking(trackingPaths.pageVisit, pageLeaveBody(facts));
  // Time since this page was shown (load or return from the back/forward cache), so the server's sum
  // over a session's beacons is the session's length.
  beaconTracking(
    trackingPaths.sessionDuration,
    sessionDurationBody({ ...facts, durationMs: Date.now() - shownAt }),
  );
  if (pendingSnapshot) {
    clearTimeout(snapshotTimer);
    beaconTracking(trackingPaths.formSnapshot, snapshotBody(pendingSnapshot));
    pendingSnapshot = null;
  }
  // An open socket keeps a page out of the back/forward cache; it reopens on return.
  live?.stop();
  live = undefined;
}

function onPageShow(event: PageTransitionEvent) {
  if (!event.persisted) return;
  shownAt = Date.now();
  startLivePresence();
}

function startLivePresence() {
  if (!trackingAllowed() || live || liveStarting) return;
  liveStarting = true;
  const userAgent = navigator.userAgent;
  void Promise.all([import('./live-socket'), loadBrowserInfo(userAgent)])
    .then(([{ connectLivePresence, liveSocketUrl }, browser]) => {
      const location_ = locationFromTimeZone(currentTimeZone());
      live = connectLivePresence({
        url: liveSocketUrl(location),
        activity: () => ({
          visitorId: visitorId(),
          sessionId: sessionId(),
          currentPage,
          deviceType: currentDeviceType(),
          browser: browser.browserName,
          location: location_,
          stage: stageForPage(currentPage, homeStage),
        }),
      });
    })
    .catch((error: unknown) => console.debug('[live] could not start', error))
    .finally(() => {
      liveStarting = false;
    });
}

let started = false;

/** Called once after the first paint: unload beacons and the live-presence socket. */
export function startPageTracking(): void {
  if (started || !trackingAllowed()) return;
  started = true;
  addEventListener('pagehide', onPageHide);
  addEventListener('pageshow', onPageShow);
  startLivePresence();
}

/** Every route view, the first one included. */
export function trackRouteView(path: string): void {
  const changed = path !== currentPage;
  currentPage = path;
  trackPageView();
  if (changed) live?.pageChanged(path, stageForPage(path, homeStage));
}

/** The home flow moved to another step: the live list shows it at once while the visitor is on `/`. */
export function trackFlowStage(stage: LiveStage): void {
  const changed = stage !== homeStage;
  homeStage = stage;
  if (changed && currentPage === '/') live?.pageChanged(currentPage, stage);
}
