// Scripted traffic for the counting contract (e2e/counting-contract.e2e.test.ts): people at their own
// addresses (the gateway is started trusting one proxy hop, so X-Forwarded-For names the visitor), each
// with a browser, making exactly the tracking calls our public app makes, through the one public entry.
import type { DeviceType, JourneyStep } from '@bodymetrics/contracts';

export interface Person {
  name: string;
  address: string;
  /** null: a client that sends no User-Agent at all (a bot by the one rule). */
  userAgent: string | null;
  deviceType: DeviceType;
  browserName: string;
  operatingSystem: string;
  timeZone: string;
  language: string;
  /** The visitor allowed analytics storage: one id kept on the device, else one id per tab. */
  storageAllowed: boolean;
  returning?: boolean;
}

export interface Answer {
  status: number;
  body: unknown;
}

export interface Tab {
  visitorId: string;
  sessionId: string;
  pageView(referrer?: string | null, pageUrl?: string): Promise<Answer>;
  step(step: JourneyStep, stepData?: Record<string, string | number | boolean | null>): Promise<Answer>;
  /**
   * The unload beacon with the seconds spent on the page (text/plain, as sendBeacon sends it), sent once
   * that many seconds have really passed since the tab's first page view was answered: the server counts
   * a visit's beacons only up to the visit's own length.
   */
  leave(seconds: number): Promise<Answer>;
  resultsOfferClick(offer: { id: number; title: string; url: string }): Promise<Answer[]>;
  bridgeOfferClick(offerId: number): Promise<Answer>;
  /** The report form: the e-mailed report, with the visitor's ids (the reports service records the funnel steps). */
  emailReport(email: string): Promise<Answer>;
}

export function scriptedTraffic(baseUrl: string) {
  const call = async (
    person: Person,
    path: string,
    body: unknown,
    extra: { headers?: Record<string, string>; beacon?: boolean } = {},
  ): Promise<Answer> => {
    const response = await fetch(baseUrl + path, {
      method: 'POST',
      headers: {
        // The body-less counter call sends no Content-Type, as the page's fetch does.
        ...(body === undefined
          ? {}
          : { 'content-type': extra.beacon ? 'text/plain;charset=UTF-8' : 'application/json' }),
        'x-forwarded-for': person.address,
        // What a browser sends from our own page.
        'sec-fetch-site': 'same-origin',
        ...(person.userAgent === null ? {} : { 'user-agent': person.userAgent }),
        ...extra.headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };

  let tabs = 0;
  const openTab = (person: Person, visitorId?: string): Tab => {
    tabs += 1;
    const id = visitorId ?? `${person.name}-tab-${tabs}`;
    const sessionId = `${person.name}-session-${tabs}`;
    const ua = person.userAgent ?? '';
    const pageUrl = `${baseUrl}/`;
    let firstViewAnsweredAt: number | undefined;
    return {
      visitorId: id,
      sessionId,
      pageView: async (referrer = null, url = pageUrl) => {
        const answer = await call(person, '/api/analytics/page-visit', {
          visitorId: id,
          sessionId,
          pageUrl: url,
          ...(ua ? { userAgent: ua } : {}),
          referrer,
          deviceType: person.deviceType,
          browserName: person.browserName,
          operatingSystem: person.operatingSystem,
          screenResolution: person.deviceType === 'mobile' ? '390x844' : '1920x1080',
          language: person.language,
          timeZone: person.timeZone,
          isReturningVisitor: person.returning ? 1 : 0,
          storageAllowed: person.storageAllowed,
          trafficSource: { source: 'ignored-by-server', medium: 'ignored' },
        });
        firstViewAnsweredAt ??= Date.now();
        return answer;
      },
      step: (step, stepData) =>
        call(person, '/api/journey/track', {
          visitorId: id,
          sessionId,
          step,
          ...(stepData ? { stepData } : {}),
          deviceType: person.deviceType,
          ...(ua ? { userAgent: ua } : {}),
          storageAllowed: person.storageAllowed,
        }),
      leave: async (seconds) => {
        const due = (firstViewAnsweredAt ?? Date.now()) + seconds * 1000;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
        const duration = await call(
          person,
          '/api/analytics/session-duration',
          { visitorId: id, sessionId, sessionDuration: seconds, pageUrl },
          { beacon: true },
        );
        await call(
          person,
          '/api/analytics/page-visit',
          { visitorId: id, sessionId, pageUrl, action: 'page_leave' },
          { beacon: true },
        );
        return duration;
      },
      // The results page: the full record, and the spec's counter call for the offer.
      resultsOfferClick: async (offer) => [
        await call(person, '/api/analytics/affiliate-click', {
          offerId: offer.id,
          offerTitle: offer.title,
          offerUrl: offer.url,
          visitorId: id,
          sessionId,
          ipAddress: null,
          ...(ua ? { userAgent: ua } : {}),
          referrer: pageUrl,
          storageAllowed: person.storageAllowed,
        }),
        await call(person, `/api/affiliate-offers/${offer.id}/click`, undefined),
      ],
      emailReport: (email) =>
        call(person, '/api/email-report', {
          name: 'Bogdan Ionescu',
          email,
          metrics: {
            age: 30,
            gender: 'male',
            activityLevel: 'sedentary',
            measurementSystem: 'metric',
            weight: 82,
            height: 178,
          },
          selectedGoal: null,
          offers: [],
          consent: { healthData: true },
          visitorId: id,
          sessionId,
          storageAllowed: person.storageAllowed,
        }),
      bridgeOfferClick: (offerId) =>
        call(person, '/api/affiliate-offers/click', {
          offerId,
          visitorId: id,
          sessionId,
          storageAllowed: person.storageAllowed,
        }),
    };
  };

  return {
    openTab,
    /** A request from a page on another site (a cross-site beacon). */
    crossSiteBeacon: (person: Person, body: unknown) =>
      call(person, '/api/analytics/page-visit', body, {
        beacon: true,
        headers: {
          'sec-fetch-site': 'cross-site',
          origin: 'https://elsewhere.example',
          referer: 'https://elsewhere.example/',
        },
      }),
    call,
  };
}
