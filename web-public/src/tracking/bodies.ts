// The request bodies of the tracking calls (spec §7), built from plain facts so they can be checked
// against the server's strict schemas without a browser. Every text is clipped to the schema's limit
// and every number kept in its range: a body the server would refuse is a record silently lost.
import {
  activityLevels,
  classifyTrafficSource,
  genders,
  measurementSystems,
  type AffiliateClickBody,
  type BridgeOfferClickBody,
  type ClientJourneyStep,
  type DeviceType,
  type JourneyTrackBody,
  type LiveActivity,
  type LivePageChange,
  type OfferImpressionBody,
  type OfferPlacement,
  type PageLeaveBody,
  type PageVisitBody,
  type SessionDurationBody,
  type FormSnapshotBody,
} from '@bodymetrics/contracts';
import type { FormFields } from '../home/form-fields';

const URL_MAX = 2048;
const USER_AGENT_MAX = 1024;
const SHORT_TEXT_MAX = 256;
const LIVE_TEXT_MAX = 128;
const SESSION_DURATION_MAX_S = 86_400;

export const clip = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

export interface PageVisitFacts {
  visitorId: string;
  /** The visitor allowed analytics storage: visitorId is kept on the device (identity.ts visitor()). */
  storageAllowed: boolean;
  sessionId: string;
  pageUrl: string;
  userAgent: string;
  /** document.referrer: empty when there is none. */
  referrer: string;
  deviceType: DeviceType;
  browserName: string;
  operatingSystem: string;
  screenWidth: number;
  screenHeight: number;
  language: string;
  timeZone: string;
  isReturningVisitor: 0 | 1;
}

export function pageVisitBody(facts: PageVisitFacts): PageVisitBody {
  const referrer = facts.referrer ? clip(facts.referrer, URL_MAX) : null;
  const source = classifyTrafficSource({ referrer, pageUrl: facts.pageUrl });
  const short = (text: string | null) => (text === null ? null : clip(text, SHORT_TEXT_MAX));
  return {
    visitorId: facts.visitorId,
    sessionId: facts.sessionId,
    pageUrl: clip(facts.pageUrl, URL_MAX),
    userAgent: clip(facts.userAgent, USER_AGENT_MAX),
    referrer,
    deviceType: facts.deviceType,
    browserName: clip(facts.browserName || 'Unknown', SHORT_TEXT_MAX),
    operatingSystem: clip(facts.operatingSystem || 'Unknown', SHORT_TEXT_MAX),
    screenResolution: `${Math.max(0, Math.round(facts.screenWidth))}x${Math.max(0, Math.round(facts.screenHeight))}`,
    language: clip(facts.language || 'unknown', SHORT_TEXT_MAX),
    timeZone: clip(facts.timeZone || 'UTC', SHORT_TEXT_MAX),
    isReturningVisitor: facts.isReturningVisitor,
    storageAllowed: facts.storageAllowed,
    trafficSource: {
      source: clip(source.source, SHORT_TEXT_MAX),
      medium: clip(source.medium, SHORT_TEXT_MAX),
      referrerDomain: short(source.referrerDomain),
      campaign: short(source.campaign),
      keyword: short(source.keyword),
    },
  };
}

export interface PageFacts {
  visitorId: string;
  sessionId: string;
  pageUrl: string;
}

export function pageLeaveBody(facts: PageFacts): PageLeaveBody {
  return {
    visitorId: facts.visitorId,
    sessionId: facts.sessionId,
    pageUrl: clip(facts.pageUrl, URL_MAX),
    action: 'page_leave',
  };
}

export function sessionDurationBody(facts: PageFacts & { durationMs: number }): SessionDurationBody {
  const seconds = Math.round(facts.durationMs / 1000);
  return {
    visitorId: facts.visitorId,
    sessionId: facts.sessionId,
    sessionDuration: Number.isFinite(seconds) ? Math.min(SESSION_DURATION_MAX_S, Math.max(0, seconds)) : 0,
    pageUrl: clip(facts.pageUrl, URL_MAX),
  };
}

export function journeyBody(facts: {
  visitorId: string;
  storageAllowed: boolean;
  sessionId: string;
  step: ClientJourneyStep;
  stepData?: Record<string, string | number | boolean | null>;
  deviceType: DeviceType;
  userAgent: string;
}): JourneyTrackBody {
  return {
    visitorId: facts.visitorId,
    sessionId: facts.sessionId,
    step: facts.step,
    ...(facts.stepData ? { stepData: facts.stepData } : {}),
    deviceType: facts.deviceType,
    userAgent: clip(facts.userAgent, USER_AGENT_MAX),
    storageAllowed: facts.storageAllowed,
  };
}

/** A number the field holds, or null when it is empty, not a number, or outside what the server keeps. */
function numberOrNull(text: string, max: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= max ? value : null;
}

function oneOf<T extends string>(options: readonly T[], text: string): T | null {
  return (options as readonly string[]).includes(text) ? (text as T) : null;
}

export function formSnapshotBody(facts: {
  visitorId: string;
  sessionId: string;
  fields: FormFields;
  currentStep: string;
  timestamp: number;
}): FormSnapshotBody {
  const { fields } = facts;
  const specification = fields.genderSpecification.trim();
  return {
    visitorId: facts.visitorId,
    sessionId: facts.sessionId,
    age: numberOrNull(fields.age, 200),
    gender: oneOf(genders, fields.gender),
    genderSpecification: specification === '' ? null : clip(specification, SHORT_TEXT_MAX),
    activityLevel: oneOf(activityLevels, fields.activityLevel),
    measurementSystem: oneOf(measurementSystems, fields.measurementSystem),
    weight: numberOrNull(fields.weight, 2000),
    height: numberOrNull(fields.height, 500),
    waist: numberOrNull(fields.waist, 500),
    hip: numberOrNull(fields.hip, 500),
    currentStep: clip(facts.currentStep, 64),
    timestamp: Math.trunc(facts.timestamp),
  };
}

export interface ClickedOffer {
  id: number;
  title: string;
  url: string;
}

/** Results page click (spec §7): the full record plus the tab session; ipAddress is always sent as null. */
export function affiliateClickBody(facts: {
  offer: ClickedOffer;
  visitorId: string;
  storageAllowed: boolean;
  sessionId: string;
  userAgent: string;
  referrer: string;
  /** The id put in the offer's URL it opened. */
  clickId: string;
}): AffiliateClickBody {
  return {
    clickId: facts.clickId,
    offerId: facts.offer.id,
    offerTitle: clip(facts.offer.title, SHORT_TEXT_MAX),
    offerUrl: clip(facts.offer.url, URL_MAX),
    visitorId: facts.visitorId,
    sessionId: facts.sessionId,
    ipAddress: null,
    userAgent: clip(facts.userAgent, USER_AGENT_MAX),
    referrer: facts.referrer ? clip(facts.referrer, URL_MAX) : null,
    storageAllowed: facts.storageAllowed,
  };
}

/**
 * Bridge page click (spec §7): offer and visitor, plus the tab session (a click engages the visit) and
 * whether the visitor's id is kept on the device.
 */
/** The most offers one impression call may name (the contract's OFFER_IMPRESSION_MAX_OFFERS). */
const OFFER_IMPRESSION_MAX = 50;

/** The offers a page view showed, each once, at most what the server takes. */
export function offerImpressionBody(facts: {
  placement: OfferPlacement;
  offerIds: readonly number[];
  visitorId: string;
  sessionId: string;
  storageAllowed: boolean;
}): OfferImpressionBody {
  return {
    visitorId: facts.visitorId,
    sessionId: facts.sessionId,
    placement: facts.placement,
    offerIds: [...new Set(facts.offerIds)].slice(0, OFFER_IMPRESSION_MAX),
    storageAllowed: facts.storageAllowed,
  };
}

export function bridgeOfferClickBody(facts: {
  offerId: number;
  visitorId: string;
  sessionId: string;
  storageAllowed: boolean;
  /** The id put in the offer's URL it opened. */
  clickId: string;
}): BridgeOfferClickBody {
  return {
    clickId: facts.clickId,
    offerId: facts.offerId,
    visitorId: facts.visitorId,
    sessionId: facts.sessionId,
    storageAllowed: facts.storageAllowed,
  };
}

export function userActiveMessage(activity: LiveActivity): { type: 'user_active'; data: LiveActivity } {
  return {
    type: 'user_active',
    data: {
      visitorId: activity.visitorId,
      sessionId: activity.sessionId,
      currentPage: clip(activity.currentPage, 1024),
      deviceType: activity.deviceType,
      browser: clip(activity.browser || 'Unknown', LIVE_TEXT_MAX),
      location: clip(activity.location || 'Unknown', LIVE_TEXT_MAX),
      ...(activity.stage ? { stage: activity.stage } : {}),
    },
  };
}

export function userPageChangeMessage(change: LivePageChange): {
  type: 'user_page_change';
  data: LivePageChange;
} {
  return {
    type: 'user_page_change',
    data: {
      visitorId: change.visitorId,
      sessionId: change.sessionId,
      currentPage: clip(change.currentPage, 1024),
      ...(change.stage ? { stage: change.stage } : {}),
    },
  };
}
