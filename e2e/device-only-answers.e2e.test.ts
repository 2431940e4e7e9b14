// The form's device-only answers and the offers' guardrails in a real browser, on the embedded mode.
// An ethnic background is special-category data: with one chosen, every request the page makes through a
// whole visit (calculation, bridge, results, the e-mailed report) and every live-socket frame is watched,
// and the choice (the select's value and its label) is in none of them — URL, headers or body — nor in the
// mail, the system's log or the stored form snapshots; the page still shows the category of its bands.
// Below BMI 17.5 the bridge and the results show the support note in place of offers and no impression
// is sent or counted.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPerson, see, sentTo } from './src';
import { embeddedSystemOfFile } from './src/system-of-file';
import {
  continueToResults,
  fillImperialForm,
  healthForm,
  openCalculator,
  sendReport,
  submitHealthForm,
  waitForBridge,
} from './src/visitor-flow';

const of = embeddedSystemOfFile();

const choice = { value: 'south_asian', label: 'South Asian (Indian, Pakistani, Bangladeshi, Sri Lankan)' };
/** What must appear nowhere: the value, the label and the label's distinctive first words. */
const secrets = [choice.value, choice.label, 'South Asian', 'south%5Fasian', 'South%20Asian'];

/** Every request's URL, headers and body, and every frame the page's sockets send, as text. */
function watchEverythingSent(page: Page): () => Promise<string[]> {
  const pending: Promise<string>[] = [];
  page.on('request', (request) => {
    pending.push(
      request
        .allHeaders()
        .then((headers) => `${request.url()}\n${JSON.stringify(headers)}\n${request.postData() ?? ''}`),
    );
  });
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) =>
      pending.push(Promise.resolve(`${socket.url()}\n${String(frame.payload)}`)),
    );
  });
  return () => Promise.all(pending);
}

describe('the device-only answers', () => {
  it('an ethnic background changes the category shown and is in no request, mail, log or stored snapshot', async () => {
    const { page } = await newPerson(of.browser, { baseUrl: of.system.baseUrl });
    const sent = watchEverythingSent(page);

    await openCalculator(page);
    // 30, female, 5 ft 10 in, 165 lb: BMI 23.7 — Normal in the WHO bands, Overweight from 23 in NICE's.
    await fillImperialForm(page, {
      age: 30,
      gender: 'female',
      feet: 5,
      inches: 10,
      weightLb: 165,
      activityLevel: 'sedentary',
    });
    // The group's code arrives after the first script; its slot held the group's height, so nothing moved.
    const slot = healthForm(page).locator('.device-answers-slot');
    await see(slot.getByLabel('I am pregnant'));
    const reserved = await slot.evaluate((el) => parseFloat(getComputedStyle(el).minHeight));
    const contentHeight = await slot.evaluate((el) => {
      const group = el.firstElementChild!;
      return group.getBoundingClientRect().height + parseFloat(getComputedStyle(group).marginBottom);
    });
    expect(contentHeight).toBeLessThanOrEqual(reserved);
    await healthForm(page).getByLabel('Ethnic background').selectOption(choice.value);
    await submitHealthForm(page);
    await waitForBridge(page);
    const results = await continueToResults(page);
    await expect.poll(() => results.locator('.results__lead').innerText()).toContain('Overweight');
    await expect.poll(() => results.getByTestId('healthy-weight-range').innerText()).toBe('129–160 lb');

    const address = 'device-only@bodymetrics.test';
    await sendReport(page, 'Ana', address);
    const mail = await of.system.mail.waitFor(sentTo(address));
    // The mail is rendered from the form: the WHO category, never the background.
    expect(mail.text).toContain('BMI: 23.7 — Normal');
    await page.waitForTimeout(1500);

    const everything = (await sent()).join('\n---\n');
    expect(everything).toContain('/api/email-report');
    for (const secret of secrets) {
      expect(everything).not.toContain(secret);
      expect(`${mail.text}\n${mail.html || ''}`).not.toContain(secret);
      expect(of.system.logs()).not.toContain(secret);
    }
    const snapshots = await of.system.db.selectFrom('form_snapshots').selectAll().execute();
    for (const secret of secrets) expect(JSON.stringify(snapshots)).not.toContain(secret);
  });

  it('below BMI 17.5 the support note replaces the offers and no impression is sent or counted', async () => {
    const { page } = await newPerson(of.browser, { baseUrl: of.system.baseUrl });
    const impressionCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/analytics/offer-impression')
        impressionCalls.push(request.url());
    });
    const before = await of.system.db.selectFrom('offer_daily_impressions').selectAll().execute();

    await openCalculator(page);
    // 30, female, 5 ft 10 in, 110 lb: BMI 15.8.
    await fillImperialForm(page, {
      age: 30,
      gender: 'female',
      feet: 5,
      inches: 10,
      weightLb: 110,
      activityLevel: 'sedentary',
    });
    await submitHealthForm(page);
    const overlay = await waitForBridge(page);
    await expect.poll(() => overlay.getByTestId('withheld-support_note').count()).toBe(1);
    expect(await overlay.getByTestId('offer-card').count()).toBe(0);
    const results = await continueToResults(page);
    await expect.poll(() => results.getByTestId('withheld-support_note').count()).toBe(1);
    expect(await results.getByTestId('offer-card').count()).toBe(0);
    await page.waitForTimeout(2000);

    expect(impressionCalls).toEqual([]);
    expect(await of.system.db.selectFrom('offer_daily_impressions').selectAll().execute()).toEqual(before);
  });
});
