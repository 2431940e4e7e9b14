// Every tracking body must pass the server's strict schema: a refused body is a record silently lost.
import {
  affiliateClickBodySchema,
  bridgeOfferClickBodySchema,
  journeyTrackBodySchema,
  liveClientMessageSchema,
  offerImpressionBodySchema,
  pageLeaveBodySchema,
  pageVisitBodySchema,
  sessionDurationBodySchema,
  formSnapshotBodySchema,
} from '@bodymetrics/contracts';
import { describe, expect, it } from 'vitest';
import { initialFormFields } from '../home/form-fields';
import {
  affiliateClickBody,
  bridgeOfferClickBody,
  journeyBody,
  offerImpressionBody,
  pageLeaveBody,
  pageVisitBody,
  sessionDurationBody,
  formSnapshotBody,
  userActiveMessage,
  userPageChangeMessage,
  type PageVisitFacts,
} from './bodies';

const chromeUa =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ids = {
  visitorId: '0b6f3c7e-8a7b-4c1e-9d1f-2f4f9f0c1a2b',
  sessionId: 'c3d1e2f0-1111-4222-8333-944455566677',
};

const visit: PageVisitFacts = {
  ...ids,
  storageAllowed: false,
  pageUrl: 'https://bodymetrics.example/',
  userAgent: chromeUa,
  referrer: '',
  deviceType: 'desktop',
  browserName: 'Chrome',
  operatingSystem: 'Windows',
  screenWidth: 1920,
  screenHeight: 1080,
  language: 'en-US',
  timeZone: 'Europe/Bucharest',
  isReturningVisitor: 0,
};

describe('page-visit body', () => {
  it('passes the schema for a direct first visit', () => {
    const body = pageVisitBody(visit);
    expect(pageVisitBodySchema.parse(body)).toEqual(body);
    expect(body.referrer).toBeNull();
    expect(body.screenResolution).toBe('1920x1080');
    expect(body.trafficSource).toEqual({
      source: 'direct',
      medium: 'none',
      referrerDomain: null,
      campaign: null,
      keyword: null,
    });
  });

  it('classifies a search engine, a social network and a campaign', () => {
    const google = pageVisitBody({
      ...visit,
      referrer: 'https://www.google.com/search?q=bmi',
      isReturningVisitor: 1,
    });
    expect(pageVisitBodySchema.parse(google).trafficSource).toMatchObject({
      source: 'google',
      medium: 'organic',
    });
    const social = pageVisitBody({ ...visit, referrer: 'https://l.facebook.com/' });
    expect(pageVisitBodySchema.parse(social).trafficSource).toMatchObject({
      source: 'facebook',
      medium: 'social',
    });
    const campaign = pageVisitBody({
      ...visit,
      pageUrl:
        'https://bodymetrics.example/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=bmi',
    });
    expect(pageVisitBodySchema.parse(campaign).trafficSource).toEqual({
      source: 'newsletter',
      medium: 'email',
      referrerDomain: null,
      campaign: 'spring',
      keyword: 'bmi',
    });
  });

  it('still passes with oversized texts and odd screen numbers', () => {
    const body = pageVisitBody({
      ...visit,
      pageUrl: `https://bodymetrics.example/?utm_campaign=${'c'.repeat(3000)}`,
      referrer: `https://elsewhere.example/${'r'.repeat(3000)}`,
      userAgent: 'U'.repeat(5000),
      browserName: '',
      operatingSystem: 'O'.repeat(400),
      language: '',
      timeZone: '',
      screenWidth: 1366.4,
      screenHeight: 768.6,
    });
    expect(() => pageVisitBodySchema.parse(body)).not.toThrow();
    expect(body.browserName).toBe('Unknown');
    expect(body.screenResolution).toBe('1366x769');
  });
});

describe('unload beacons', () => {
  it('page_leave passes the schema', () => {
    const body = pageLeaveBody({ ...ids, pageUrl: 'https://bodymetrics.example/legal/terms' });
    expect(pageLeaveBodySchema.parse(body)).toEqual({ ...body, action: 'page_leave' });
  });

  it('session-duration is whole seconds, within the accepted range', () => {
    const body = sessionDurationBody({ ...ids, pageUrl: 'https://bodymetrics.example/', durationMs: 93_600 });
    expect(sessionDurationBodySchema.parse(body).sessionDuration).toBe(94);
    const stuck = sessionDurationBody({ ...ids, pageUrl: 'https://bodymetrics.example/', durationMs: 9e9 });
    expect(sessionDurationBodySchema.parse(stuck).sessionDuration).toBe(86_400);
    const negative = sessionDurationBody({ ...ids, pageUrl: 'https://bodymetrics.example/', durationMs: -5 });
    expect(sessionDurationBodySchema.parse(negative).sessionDuration).toBe(0);
  });
});

describe('journey/track body', () => {
  it('passes the schema with and without step data', () => {
    const landing = journeyBody({
      ...ids,
      storageAllowed: false,
      step: 'landing',
      deviceType: 'mobile',
      userAgent: chromeUa,
    });
    expect(journeyTrackBodySchema.parse(landing)).toEqual(landing);
    expect('stepData' in landing).toBe(false);
    const click = journeyBody({
      ...ids,
      storageAllowed: true,
      step: 'bridge_affiliate_click',
      stepData: { offerId: 7 },
      deviceType: 'tablet',
      userAgent: chromeUa,
    });
    expect(journeyTrackBodySchema.parse(click)).toEqual(click);
  });
});

describe('session/store body', () => {
  it('sends null for empty fields', () => {
    const body = formSnapshotBody({
      ...ids,
      fields: initialFormFields(),
      currentStep: 'form',
      timestamp: 1_764_000_000_123,
    });
    expect(formSnapshotBodySchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      age: null,
      weight: null,
      waist: null,
      hip: null,
      genderSpecification: null,
      height: 60,
    });
  });

  it('sends numbers for filled fields and null for values the server would refuse', () => {
    const body = formSnapshotBody({
      ...ids,
      fields: {
        ...initialFormFields(),
        age: '42',
        weight: '180.5',
        waist: '1e9',
        hip: 'abc',
        gender: 'robot',
      },
      currentStep: 'form',
      timestamp: 1_764_000_000_000.7,
    });
    expect(formSnapshotBodySchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      age: 42,
      weight: 180.5,
      waist: null,
      hip: null,
      gender: null,
      timestamp: 1_764_000_000_000,
    });
  });
});

describe('offer clicks', () => {
  const clickId = '5b0c2f7e-8d1a-4e3b-9c6d-2a7f1e0b3c4d';
  it('results page: the full record with ipAddress null and the tab session', () => {
    const body = affiliateClickBody({
      offer: { id: 12, title: 'TrendLine Smart Scale', url: 'https://shop.example/scale?ref=bodymetrics' },
      ...ids,
      storageAllowed: true,
      userAgent: chromeUa,
      referrer: '',
      clickId,
    });
    expect(affiliateClickBodySchema.parse(body)).toEqual(body);
    // The id put in the offer's URL it opened, so a network's postback can name the click.
    expect(body.clickId).toBe(clickId);
    expect(body.ipAddress).toBeNull();
    expect(body.referrer).toBeNull();
    // The click engages the visit of the tab's sessionId (docs/counting.md: Bounce Rate).
    expect(body.sessionId).toBe(ids.sessionId);
  });

  it('bridge page: offer, visitor, the tab session and whether the id is kept on the device', () => {
    const body = bridgeOfferClickBody({ offerId: 3, ...ids, storageAllowed: false, clickId });
    expect(bridgeOfferClickBodySchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      clickId,
      offerId: 3,
      visitorId: ids.visitorId,
      sessionId: ids.sessionId,
      storageAllowed: false,
    });
  });

  it('offer impression: the shown offers once each, within the server limit, with the placement', () => {
    const body = offerImpressionBody({
      placement: 'bridge',
      offerIds: [3, 7, 3],
      ...ids,
      storageAllowed: true,
    });
    expect(offerImpressionBodySchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      visitorId: ids.visitorId,
      sessionId: ids.sessionId,
      placement: 'bridge',
      offerIds: [3, 7],
      storageAllowed: true,
    });
    const many = offerImpressionBody({
      placement: 'results',
      offerIds: Array.from({ length: 80 }, (_, i) => i + 1),
      ...ids,
      storageAllowed: false,
    });
    expect(offerImpressionBodySchema.parse(many).offerIds).toHaveLength(50);
  });

  it('every counted call says whether the visitor id is kept on the device (the server counts by it then)', () => {
    expect(pageVisitBody({ ...visit, storageAllowed: true }).storageAllowed).toBe(true);
    expect(pageVisitBody(visit).storageAllowed).toBe(false);
  });
});

describe('live socket messages', () => {
  it('user_active and user_page_change pass the socket schema', () => {
    const active = userActiveMessage({
      ...ids,
      currentPage: '/',
      deviceType: 'desktop',
      browser: 'Chrome',
      location: 'Bucharest',
    });
    expect(liveClientMessageSchema.parse(active)).toEqual(active);
    const change = userPageChangeMessage({ ...ids, currentPage: '/legal/contact' });
    expect(liveClientMessageSchema.parse(change)).toEqual(change);
  });

  it('clips long values instead of being refused', () => {
    const active = userActiveMessage({
      ...ids,
      currentPage: `/${'p'.repeat(2000)}`,
      deviceType: 'mobile',
      browser: '',
      location: 'L'.repeat(300),
    });
    expect(() => liveClientMessageSchema.parse(active)).not.toThrow();
    expect(active.data.browser).toBe('Unknown');
  });
});
