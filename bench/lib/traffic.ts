// Realistic tracking traffic: the bodies the public app sends (spec §7), with a population of visitors,
// sessions, devices, browsers, languages, sources and a sprinkle of bots. Deterministic (seeded) so two
// runs send the same thing.
import type { ClientJourneyStep, DeviceType, JourneyStep } from '@bodymetrics/contracts';

/** mulberry32: small, fast, seeded. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

interface Device {
  deviceType: DeviceType;
  browserName: string;
  operatingSystem: string;
  screenResolution: string;
  userAgent: string;
  weight: number;
}

export const devices: readonly Device[] = [
  {
    deviceType: 'mobile',
    browserName: 'Chrome',
    operatingSystem: 'Android',
    screenResolution: '412x915',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    weight: 30,
  },
  {
    deviceType: 'mobile',
    browserName: 'Safari',
    operatingSystem: 'iOS',
    screenResolution: '390x844',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    weight: 25,
  },
  {
    deviceType: 'desktop',
    browserName: 'Chrome',
    operatingSystem: 'Windows',
    screenResolution: '1920x1080',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    weight: 22,
  },
  {
    deviceType: 'desktop',
    browserName: 'Firefox',
    operatingSystem: 'Linux',
    screenResolution: '2560x1440',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    weight: 6,
  },
  {
    deviceType: 'desktop',
    browserName: 'Safari',
    operatingSystem: 'macOS',
    screenResolution: '1440x900',
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    weight: 7,
  },
  {
    deviceType: 'tablet',
    browserName: 'Safari',
    operatingSystem: 'iPadOS',
    screenResolution: '820x1180',
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    weight: 9,
  },
  {
    deviceType: 'desktop',
    browserName: 'Googlebot',
    operatingSystem: 'Unknown',
    screenResolution: '1024x768',
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    weight: 1,
  },
];

const deviceWheel: Device[] = devices.flatMap((d) => Array.from({ length: d.weight }, () => d));

export const locales = [
  { language: 'ro-RO', timeZone: 'Europe/Bucharest' },
  { language: 'en-US', timeZone: 'America/New_York' },
  { language: 'en-GB', timeZone: 'Europe/London' },
  { language: 'de-DE', timeZone: 'Europe/Berlin' },
  { language: 'es-ES', timeZone: 'Europe/Madrid' },
  { language: 'fr-FR', timeZone: 'Europe/Paris' },
  { language: 'it-IT', timeZone: 'Europe/Rome' },
  { language: 'en-US', timeZone: 'America/Los_Angeles' },
] as const;

export const arrivals = [
  {
    pageUrl: 'https://bodymetrics.example/',
    referrer: 'https://www.google.com/',
    source: 'google',
    medium: 'organic',
    referrerDomain: 'www.google.com',
  },
  {
    pageUrl: 'https://bodymetrics.example/',
    referrer: null,
    source: 'direct',
    medium: 'none',
    referrerDomain: null,
  },
  {
    pageUrl: 'https://bodymetrics.example/?utm_source=newsletter&utm_medium=email',
    referrer: null,
    source: 'newsletter',
    medium: 'email',
    referrerDomain: null,
  },
  {
    pageUrl: 'https://bodymetrics.example/',
    referrer: 'https://www.facebook.com/',
    source: 'facebook',
    medium: 'social',
    referrerDomain: 'www.facebook.com',
  },
  {
    pageUrl: 'https://bodymetrics.example/results',
    referrer: 'https://bodymetrics.example/',
    source: 'direct',
    medium: 'none',
    referrerDomain: null,
  },
  {
    pageUrl: 'https://bodymetrics.example/',
    referrer: 'https://duckduckgo.com/',
    source: 'duckduckgo',
    medium: 'organic',
    referrerDomain: 'duckduckgo.com',
  },
] as const;

/** The app's pages after the landing one. */
export const innerPages = ['/', '/results', '/bridge', '/legal/privacy', '/contact'] as const;

export interface VisitorSession {
  visitorId: string;
  sessionId: string;
  device: Device;
  locale: (typeof locales)[number];
  arrival: (typeof arrivals)[number];
  returning: 0 | 1;
}

export function visitorSession(
  random: () => number,
  visitorCount: number,
  sessionSeq: number,
): VisitorSession {
  const visitor = Math.floor(random() * visitorCount);
  return {
    visitorId: `v-${visitor.toString(36).padStart(6, '0')}-${(visitor * 2654435761) % 1e9}`,
    sessionId: `s-${sessionSeq.toString(36)}-${Math.floor(random() * 1e9).toString(36)}`,
    device: pick(random, deviceWheel),
    locale: pick(random, locales),
    arrival: pick(random, arrivals),
    returning: random() < 0.3 ? 1 : 0,
  };
}

export function pageVisitBody(s: VisitorSession, pageUrl: string = s.arrival.pageUrl) {
  return {
    visitorId: s.visitorId,
    sessionId: s.sessionId,
    pageUrl,
    userAgent: s.device.userAgent,
    referrer: s.arrival.referrer,
    deviceType: s.device.deviceType,
    browserName: s.device.browserName,
    operatingSystem: s.device.operatingSystem,
    screenResolution: s.device.screenResolution,
    language: s.locale.language,
    timeZone: s.locale.timeZone,
    isReturningVisitor: s.returning,
    trafficSource: {
      source: s.arrival.source,
      medium: s.arrival.medium,
      referrerDomain: s.arrival.referrerDomain,
    },
  };
}

export const pageLeaveBody = (s: VisitorSession, pageUrl: string) => ({
  visitorId: s.visitorId,
  sessionId: s.sessionId,
  pageUrl,
  action: 'page_leave' as const,
});

/**
 * Steps in the order a visitor meets them; later steps are rarer (the funnel narrows). Only the steps a page
 * may send: email_provided and report_sent are the reports service's to record (the journey route refuses them).
 */
export const funnelWheel: ClientJourneyStep[] = [
  ...Array<ClientJourneyStep>(30).fill('landing'),
  ...Array<ClientJourneyStep>(22).fill('form_started'),
  ...Array<ClientJourneyStep>(16).fill('form_completed'),
  ...Array<ClientJourneyStep>(14).fill('results_viewed'),
  ...Array<ClientJourneyStep>(6).fill('bridge_viewed'),
  ...Array<ClientJourneyStep>(3).fill('bridge_affiliate_click'),
  ...Array<ClientJourneyStep>(3).fill('bridge_to_full_results'),
];

/** Every stored step, the reports service's included: what the generated dashboard data holds. */
export const storedStepWheel: JourneyStep[] = [
  ...funnelWheel,
  ...Array<JourneyStep>(4).fill('email_provided'),
  ...Array<JourneyStep>(2).fill('report_sent'),
];

export function journeyBody(random: () => number, s: VisitorSession) {
  const step = pick(random, funnelWheel);
  return {
    visitorId: s.visitorId,
    sessionId: s.sessionId,
    step,
    stepData:
      step === 'form_completed'
        ? { age: 20 + Math.floor(random() * 50), gender: random() < 0.5 ? 'male' : 'female', unit: 'metric' }
        : step === 'results_viewed'
          ? { bmi: Math.round((18 + random() * 20) * 10) / 10, category: 'Normal' }
          : null,
    deviceType: s.device.deviceType,
    userAgent: s.device.userAgent,
  };
}

export const offers = [
  { offerId: 1, offerTitle: 'Lean Protein Shake', offerUrl: 'https://partner.example.com/lean?ref=bm' },
  { offerId: 2, offerTitle: 'Smart Scale Pro', offerUrl: 'https://partner.example.com/scale?ref=bm' },
  { offerId: 3, offerTitle: 'Meal Plan Club', offerUrl: 'https://partner.example.com/meals?ref=bm' },
  { offerId: 4, offerTitle: 'Home Workout App', offerUrl: 'https://partner.example.com/workout?ref=bm' },
  { offerId: 5, offerTitle: 'Sleep Tracker Band', offerUrl: 'https://partner.example.com/sleep?ref=bm' },
  { offerId: 6, offerTitle: 'Yoga Mat Bundle', offerUrl: 'https://partner.example.com/yoga?ref=bm' },
] as const;

export function affiliateClickBody(random: () => number, s: VisitorSession) {
  const offer = pick(random, offers);
  return {
    ...offer,
    visitorId: s.visitorId,
    ipAddress: null,
    userAgent: s.device.userAgent,
    referrer: 'https://bodymetrics.example/results',
  };
}

export function sessionDurationBody(random: () => number, s: VisitorSession, pageUrl: string) {
  return {
    visitorId: s.visitorId,
    sessionId: s.sessionId,
    sessionDuration: Math.floor(5 + random() * 600),
    pageUrl,
  };
}

/** One tracking request as the browser sends it: path, body (JSON text) and content type. */
export interface TrackingRequest {
  path: string;
  body: string;
  contentType: string;
  /** The browser's User-Agent header (tracking stamps it on the event; bots are told apart by it). */
  userAgent: string;
}

/**
 * A pool of mixed requests in the proportions of design.md's load (page visits ~60 %, journey ~25 %,
 * clicks ~5 %, session durations ~10 %), as the public app sends them (beacons as text/plain).
 */
export function mixedRequestPool(size: number, seed = 7, visitorCount = 50_000): TrackingRequest[] {
  const random = seededRandom(seed);
  const out: TrackingRequest[] = [];
  for (let i = 0; i < size; i++) {
    const s = visitorSession(random, visitorCount, i);
    const r = random();
    if (r < 0.54)
      out.push(
        json(
          s,
          '/api/analytics/page-visit',
          pageVisitBody(
            s,
            random() < 0.7 ? s.arrival.pageUrl : `https://bodymetrics.example${pick(random, innerPages)}`,
          ),
        ),
      );
    else if (r < 0.6)
      out.push(
        beacon(s, '/api/analytics/page-visit', pageLeaveBody(s, 'https://bodymetrics.example/results')),
      );
    else if (r < 0.85) out.push(json(s, '/api/journey/track', journeyBody(random, s)));
    else if (r < 0.9) out.push(json(s, '/api/analytics/affiliate-click', affiliateClickBody(random, s)));
    else
      out.push(
        beacon(
          s,
          '/api/analytics/session-duration',
          sessionDurationBody(random, s, 'https://bodymetrics.example/results'),
        ),
      );
  }
  return out;
}

/** Page-visit bodies only (the ingest benchmark's event). */
export function pageVisitPool(size: number, seed = 11, visitorCount = 50_000): TrackingRequest[] {
  const random = seededRandom(seed);
  return Array.from({ length: size }, (_, i) => {
    const s = visitorSession(random, visitorCount, i);
    return json(s, '/api/analytics/page-visit', pageVisitBody(s));
  });
}

export const json = (s: VisitorSession, path: string, body: unknown): TrackingRequest => ({
  path,
  body: JSON.stringify(body),
  contentType: 'application/json',
  userAgent: s.device.userAgent,
});
const beacon = (s: VisitorSession, path: string, body: unknown): TrackingRequest => ({
  path,
  body: JSON.stringify(body),
  contentType: 'text/plain;charset=UTF-8',
  userAgent: s.device.userAgent,
});
