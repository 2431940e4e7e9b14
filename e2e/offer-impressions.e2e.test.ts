// Offer impressions in a real browser, on the embedded mode (the one process `npm start` runs): when the bridge
// and then the results page have rendered their offers, the page reports them — one impression call per page
// view naming every shown offer, none on re-renders — and the system counts them once per visitor, offer,
// placement and day.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPerson } from './src';
import { embeddedSystemOfFile } from './src/system-of-file';
import {
  continueToResults,
  fillImperialForm,
  openCalculator,
  submitHealthForm,
  waitForBridge,
} from './src/visitor-flow';

const of = embeddedSystemOfFile();

interface ImpressionCall {
  placement: string;
  offerIds: number[];
  visitorId: string;
}

/** The ids of the offers with these titles, as the public list names them. */
async function idsOf(page: Page, titles: string[]): Promise<number[]> {
  const offers = (await page.evaluate(async () => {
    const response = await fetch('/api/affiliate-offers/all');
    return (await response.json()) as { id: number; title: string }[];
  })) as { id: number; title: string }[];
  return titles.map((title) => {
    const offer = offers.find((o) => o.title === title);
    if (!offer) throw new Error(`no offer titled ${title}`);
    return offer.id;
  });
}

describe('offer impressions from the visitor app', () => {
  it('the bridge and the results page each send one impression call with the offers they show', async () => {
    const { page } = await newPerson(of.browser, { baseUrl: of.system.baseUrl });
    const calls: ImpressionCall[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        new URL(request.url()).pathname === '/api/analytics/offer-impression'
      )
        calls.push(JSON.parse(request.postData() ?? 'null') as ImpressionCall);
    });

    await openCalculator(page);
    // 30, male, 5 ft 10 in, 180 lb: BMI 25.8, Overweight (weight_loss by default).
    await fillImperialForm(page, {
      age: 30,
      gender: 'male',
      feet: 5,
      inches: 10,
      weightLb: 180,
      activityLevel: 'sedentary',
    });
    await submitHealthForm(page);
    const overlay = await waitForBridge(page);
    const bridgeCards = overlay.getByTestId('offer-card');
    await expect.poll(() => bridgeCards.count(), { timeout: 30_000 }).toBe(3);
    const bridgeIds = await idsOf(page, await bridgeCards.getByRole('heading').allInnerTexts());

    await expect.poll(() => calls.length, { timeout: 15_000 }).toBe(1);
    // Focus moving inside the dialog re-renders nothing that reports again.
    await overlay.getByRole('heading', { level: 1 }).focus();
    await page.waitForTimeout(1500);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.placement).toBe('bridge');
    expect([...(calls[0]?.offerIds ?? [])].sort()).toEqual([...bridgeIds].sort());

    const results = await continueToResults(page);
    const resultCards = results.getByTestId('offer-card');
    await expect.poll(() => resultCards.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const resultIds = await idsOf(page, await resultCards.getByRole('heading').allInnerTexts());
    await expect.poll(() => calls.length, { timeout: 15_000 }).toBe(2);
    await page.waitForTimeout(1500);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.placement).toBe('results');
    expect([...(calls[1]?.offerIds ?? [])].sort()).toEqual([...resultIds].sort());
    expect(calls[1]?.visitorId).toBe(calls[0]?.visitorId);

    // Counted: one impression per shown offer and placement (the embedded bus applies before answering 202).
    const counted = await of.system.db
      .selectFrom('offer_daily_impressions')
      .select(['offer_id', 'placement', 'impressions'])
      .orderBy('placement')
      .orderBy('offer_id')
      .execute();
    expect(counted).toEqual([
      ...[...bridgeIds]
        .sort((a, b) => a - b)
        .map((id) => ({ offer_id: id, placement: 'bridge', impressions: 1 })),
      ...[...resultIds]
        .sort((a, b) => a - b)
        .map((id) => ({ offer_id: id, placement: 'results', impressions: 1 })),
    ]);
  });
});
