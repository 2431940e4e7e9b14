// The flow stage the live list shows: derived from the route and the home flow's step,
// and carried, checked against the shared contract, by both socket messages.
import { liveClientMessageSchema } from '@bodymetrics/contracts';
import { describe, expect, it } from 'vitest';
import { userActiveMessage, userPageChangeMessage } from './bodies';
import { stageForPage } from './tracker';

describe('live flow stage', () => {
  it('is the home flow step on `/`, contact or legal on the policy pages, none elsewhere', () => {
    expect(stageForPage('/', 'form')).toBe('form');
    expect(stageForPage('/', 'bridge')).toBe('bridge');
    expect(stageForPage('/', 'results')).toBe('results');
    expect(stageForPage('/legal/contact', 'results')).toBe('contact');
    expect(stageForPage('/legal/privacy-policy', 'form')).toBe('legal');
    expect(stageForPage('/nowhere', 'form')).toBeUndefined();
  });

  it('travels in user_active and user_page_change messages the live service accepts', () => {
    const active = userActiveMessage({
      visitorId: 'visitor-1234567890',
      sessionId: 'session-1234567890',
      currentPage: '/',
      deviceType: 'desktop',
      browser: 'Chrome',
      location: 'Bucharest',
      stage: 'calculating',
    });
    expect(active.data.stage).toBe('calculating');
    expect(liveClientMessageSchema.parse(active)).toEqual(active);
    const change = userPageChangeMessage({
      visitorId: 'visitor-1234567890',
      sessionId: 'session-1234567890',
      currentPage: '/legal/contact',
      stage: 'contact',
    });
    expect(liveClientMessageSchema.parse(change)).toEqual(change);
    // An older caller without a stage sends none.
    const plain = userPageChangeMessage({
      visitorId: 'visitor-1234567890',
      sessionId: 'session-1234567890',
      currentPage: '/',
    });
    expect(plain.data).not.toHaveProperty('stage');
  });
});
