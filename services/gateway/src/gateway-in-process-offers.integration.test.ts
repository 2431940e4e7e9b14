// Offers served inside the gateway's process (in-process-service.ts; the embedded mode does), against a real
// Postgres: the page's offers list answers from the database as offers' own app does, the networks'
// postback is counted against the per-client budget while the list is not, and the operator's offer
// management keeps the same-origin rule (403 before offers sees it) and the admin session (401).
import { describe, expect } from 'vitest';
import { adminOffersPaths, offersPaths, postbackPaths } from '@bodymetrics/contracts';
import { inProcessOffers } from '@bodymetrics/offers';
import { test } from '@bodymetrics/testing/fixtures';
import { startInProcessGateway } from './test-support';

const publicBaseUrl = 'https://bodymetrics.example';
const budget = 2;

const it = test.extend('gateway', { scope: 'file' }, async ({ database }, { onCleanup }) => {
  await database.db
    .insertInto('affiliate_offers')
    .values({
      id: 7,
      title: 'Offer seven',
      description: 'Served from this process',
      url: 'https://partner.example.com/offer-7',
      bmi_category: 'Normal',
      goal: 'wellness',
      active: true,
    })
    .execute();
  const { gateway, close } = await startInProcessGateway({
    inProcess: { offers: inProcessOffers({ db: database.db }) },
    rateLimit: { max: budget },
    publicBaseUrl,
  });
  onCleanup(close);
  return gateway;
});

describe('offers in the gateway’s process', () => {
  it('answers the offers list from the database, never counted against the budget', async ({ gateway }) => {
    for (let i = 0; i < budget + 3; i++) {
      const res = await gateway.inject({
        method: 'GET',
        url: offersPaths.all,
        remoteAddress: '198.51.100.7',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.stringify(res.json())).toContain('Offer seven');
    }
  });

  it('counts the postback against the per-client budget (429 past it)', async ({ gateway }) => {
    const statuses: number[] = [];
    for (let i = 0; i < budget + 1; i++) {
      const res = await gateway.inject({
        method: 'GET',
        url: `${postbackPaths.postback}?token=x`,
        remoteAddress: '198.51.100.8',
      });
      statuses.push(res.statusCode);
    }
    // No POSTBACK_TOKEN here: offers' own answer is 404 until the budget is spent.
    expect(statuses).toEqual([404, 404, 429]);
  });

  it('refuses a cross-site change of offers with 403, and one without a session with 401', async ({
    gateway,
  }) => {
    const offer = JSON.stringify({ title: 'x' });
    const crossSite = await gateway.inject({
      method: 'POST',
      url: adminOffersPaths.create,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: offer,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('cross_origin_refused');
    const noSession = await gateway.inject({
      method: 'POST',
      url: adminOffersPaths.create,
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      payload: offer,
    });
    expect(noSession.statusCode).toBe(401);
  });
});
