// What enrich decides for each topic's event: the operator's date of receipt, the counted visitor and the
// bot verdict, as the appliers then read them.
import { describe, expect, it } from 'vitest';
import { buildEnvelope } from '@bodymetrics/bus';
import { topics, type AffiliateClickEvent, type JourneyEvent } from '@bodymetrics/contracts';
import { enrich } from './enrich';

const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const step = (fields: Partial<JourneyEvent>, at = new Date('2026-11-20T12:00:00Z')) =>
  buildEnvelope(
    topics.journey,
    {
      visitorId: 'v1',
      sessionId: 's1',
      step: 'landing',
      ipAddress: null,
      requestUserAgent: chrome,
      ...fields,
    } as JourneyEvent,
    at,
  );

const click = (fields: Partial<AffiliateClickEvent>) =>
  buildEnvelope(topics.affiliateClick, {
    offerId: 1,
    offerTitle: null,
    offerUrl: null,
    visitorId: 'v1',
    referrer: null,
    userAgent: chrome,
    ipAddress: null,
    source: 'results',
    ...fields,
  } as AffiliateClickEvent);

describe('enrich', () => {
  it("dates an event by the operator's calendar, not UTC's", () => {
    // 22:30 UTC on the 20th is 00:30 on the 21st in Bucharest (UTC+2 in November).
    const late = step({}, new Date('2026-11-20T22:30:00Z'));
    expect(enrich('journey', late, 'Europe/Bucharest').date).toBe('2026-11-21');
    expect(enrich('journey', late, 'UTC').date).toBe('2026-11-20');
  });

  it('counts the visitor by the daily key, or by the visitor id of an event from before the key', () => {
    expect(enrich('journey', step({ visitorKey: 'd:abc' }), 'UTC').visitor).toBe('d:abc');
    expect(enrich('journey', step({}), 'UTC').visitor).toBe('v1');
    expect(enrich('affiliateClick', click({ visitorKey: 'd:abc' }), 'UTC').visitor).toBe('d:abc');
    // The body-less counter call names nobody.
    expect(enrich('affiliateClick', click({ visitorId: null, source: 'api' }), 'UTC').visitor).toBeNull();
  });

  it("takes tracking's bot verdict, and the User-Agent rule only for an event that carries none", () => {
    expect(enrich('journey', step({ isBot: true }), 'UTC').isBot).toBe(true);
    expect(enrich('journey', step({ isBot: false, requestUserAgent: googlebot }), 'UTC').isBot).toBe(false);
    expect(enrich('journey', step({ requestUserAgent: googlebot }), 'UTC').isBot).toBe(true);
    expect(enrich('journey', step({ userAgent: googlebot }), 'UTC').isBot).toBe(true);
    expect(enrich('affiliateClick', click({ userAgent: googlebot }), 'UTC').isBot).toBe(true);
    expect(enrich('affiliateClick', click({}), 'UTC').isBot).toBe(false);
  });

  it('keeps the envelope as it was', () => {
    const e = step({ visitorKey: 'd:abc' });
    expect(enrich('journey', e, 'UTC')).toMatchObject(e);
  });
});
