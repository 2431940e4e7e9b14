// A visitor on the public site of the distributed system, in a real Chromium: what they see at every step
// (numbers worked out by hand from spec §9), what reaches their inbox and the operator's, what an
// accessibility audit finds (nothing), and what the tracking pipeline stored about the visit.
//
// Hand calculations (spec §9):
//  Imperial — 30 y, male, 5'10" (70 in), 180 lb, sedentary:
//    180 lb × 0.453592 = 81.64656 kg; 70 in × 2.54 = 177.8 cm; BMI 81.64656 / 1.778² = 25.83 → 25.8 Overweight.
//    Body fat 1.2·25.8 + 0.23·30 − 10.8·1 − 5.4 = 21.66 → 21.7 %. No waist/hip → WHR N/A.
//    BMR 816.4656 + 6.25·177.8 − 5·30 + 5 = 1782.7156; TDEE × 1.2 = 2139.26 → 2,139 kcal/day.
//    Metabolic age 30 · 1800 / 1782.7156 = 30.29 → 30 (difference 0: Good).
//    Nutrition (overweight): 2139 × 0.8 = 1711.2 → 1,711 kcal; protein 1711·0.35/4 = 149.7125 → 149.7 g;
//    carbs 1711·0.40/4 = 171.1 g (grams to one decimal).
//  Metric — 45 y, female, 160 cm, 90 kg, waist 95 cm, hip 110 cm, moderately active:
//    BMI 90 / 1.6² = 35.16 → 35.2 Obese. Body fat 1.2·35.2 + 0.23·45 − 0 − 5.4 = 47.19 → 47.2 %.
//    WHR 95 / 110 = 0.8636 → 0.86 (female, above 0.85: High risk).
//    BMR 900 + 1000 − 225 − 161 = 1514; TDEE × 1.55 = 2346.7 → 2,347 kcal/day.
//    Metabolic age 45 · 1400 / 1514 = 41.6 → 42 (difference −3: Good).
//    Nutrition (obese): 2347 × 0.8 = 1877.6 → 1,878 kcal; protein 1878·0.35/4 = 164.325 → 164.3 g;
//    carbs 1878·0.40/4 = 187.8 g.
import { eventually } from '@bodymetrics/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addressesOf,
  expectNoAxeViolations,
  launchBrowser,
  newPerson,
  see,
  seeNo,
  seeText,
  seeTextContaining,
  sentTo,
  startSystem,
  toast,
  visibleText,
  type DistributedSystem,
} from './src';
import {
  clickBridgeOffer,
  clickResultsOffer,
  continueToResults,
  fillContactForm,
  fillImperialForm,
  fillMetricForm,
  healthDataConsent,
  healthForm,
  openCalculator,
  openReportForm,
  resultsPage,
  sendContactMessage,
  sendReport,
  submitButton,
  submitHealthForm,
  visitorIdOf,
  waitForBridge,
  type ImperialAnswers,
} from './src/visitor-flow';

const imperialVisitor: ImperialAnswers = {
  age: 30,
  gender: 'male',
  feet: 5,
  inches: 10,
  weightLb: 180,
  activityLevel: 'sedentary',
};

/** The shipped offers for Overweight × weight_loss (the default goal of an overweight visitor). */
const overweightWeightLossOffers = [
  'LeanFuel Meal-Replacement Starter Pack',
  'SteadyPath 1:1 Weight Coaching',
  'TrendLine Smart Scale with Trend App',
];
const obeseWeightLossOffers = [
  'ClinicWay Telehealth Weight Programme',
  'LowImpact Home Workout App',
  'LeanFuel Meal-Replacement Shakes',
];

const calculatingMessages = [
  'Calculating BMI Score',
  'Calculating Body Fat',
  'Calculating WHR',
  'Calculating Daily Energy',
  'Calculating Metabolic Age',
  'Results Ready!',
];

let system: DistributedSystem;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function newVisitor(): Promise<Page> {
  const { context, page } = await newPerson(browser, { baseUrl: system.baseUrl });
  contexts.push(context);
  return page;
}

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ mode: 'distributed' }), launchBrowser()]);
});

afterEach((context) => {
  if (context.task.result?.state === 'fail') console.log(`system output:\n${system?.logs()}`);
});

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

/** A metric card's big number (with its unit) as shown. */
const cardValue = (page: Page, id: string) =>
  page.getByTestId(`metric-card-${id}`).locator('.metric-card__value');
/** One figure of the nutrition plan ("Daily Calories", "Protein", "Carbs") as shown. */
const nutritionFigure = (page: Page, term: string) =>
  page
    .getByTestId('nutrition-plan')
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(term, { exact: true }) })
    .getByRole('definition');

/** A validation message shown under its field: visible, tied to the control, and placed below it. */
async function expectMessageUnder(control: Locator, message: string): Promise<void> {
  const page = control.page();
  const shown = page.getByText(message, { exact: true });
  await see(shown);
  const id = await shown.getAttribute('id');
  expect(id, `"${message}" has an id the control can point at`).toBeTruthy();
  expect((await control.getAttribute('aria-describedby'))?.split(' ')).toContain(id);
  expect(await control.getAttribute('aria-invalid')).toBe('true');
  const [controlBox, messageBox] = [await control.boundingBox(), await shown.boundingBox()];
  expect(controlBox && messageBox && messageBox.y >= controlBox.y + controlBox.height - 1).toBe(true);
}

describe('a visitor of the distributed system', () => {
  let page: Page;
  let visitorId: string;
  const clicked: { bridge?: { title: string; url: string }; results?: { title: string; url: string } } = {};
  const reportAddress = 'ana.visitor@example.test';

  it('opens the calculator: the form, its promises, and no accessibility violations', async () => {
    page = await newVisitor();
    // A fake clock that keeps real time until paused: lets the audit below look at the calculating screen.
    await page.clock.install();
    await openCalculator(page);
    await seeText(page.getByRole('heading', { level: 1 }), 'Free BMI & Body Health Calculator');
    for (const badge of ['Secure & Private', 'No Email Required', 'Trusted by 15,000+ users']) {
      await see(page.getByText(badge, { exact: true }));
    }
    await see(submitButton(page));
    // Spec §3 defaults: prefer not to say, 5 ft 0 in (60 in), sedentary, imperial, everything else empty.
    const form = healthForm(page);
    expect(await form.getByLabel('Age', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Gender', { exact: true }).inputValue()).toBe('prefer_not_to_say');
    expect(await form.getByLabel('Height Feet', { exact: true }).inputValue()).toBe('5');
    expect(await form.getByLabel('Height Inches', { exact: true }).inputValue()).toBe('0');
    expect(await form.getByLabel('Activity Level', { exact: true }).inputValue()).toBe('sedentary');
    // The storage-choice banner of a first visit (not modal); this visitor allows analytics storage.
    const banner = page.getByTestId('storage-choice');
    await see(banner);
    await expectNoAxeViolations(page, 'home');
    await banner.getByRole('button', { name: 'Allow analytics storage' }).click();
    await seeNo(banner);
    visitorId = await visitorIdOf(page);
    expect(await page.evaluate(() => localStorage.getItem('bm_visitor_id'))).toBe(visitorId);
  });

  it('shows every calculator validation message of spec §5 under its field', async () => {
    const other = await newVisitor();
    await openCalculator(other);
    const form = healthForm(other);
    const age = form.getByLabel('Age', { exact: true });
    const weight = () => form.getByLabel(/^Weight \((lbs|kg)\)$/);

    await age.fill('17');
    await weight().fill('40');
    await submitButton(other).click();
    await expectMessageUnder(age, 'Age must be between 18 and 120');
    await expectMessageUnder(weight(), 'Weight must be between 50lbs and 800lbs');
    await expect.poll(() => other.evaluate(() => document.activeElement?.id)).toBe('field-age');

    await age.fill('121');
    await weight().fill('801');
    await submitButton(other).click();
    await expectMessageUnder(age, 'Age must be between 18 and 120');
    await expectMessageUnder(weight(), 'Weight must be between 50lbs and 800lbs');

    // Metric: 20 kg and 99 cm are out of range, and so are 301 kg and 251 cm.
    await form.getByLabel('Metric (cm, kg)').check();
    await age.fill('30');
    const height = form.getByLabel('Height (cm)', { exact: true });
    for (const [kg, cm] of [
      ['20', '99'],
      ['301', '251'],
    ] as const) {
      await weight().fill(kg);
      await height.fill(cm);
      await submitButton(other).click();
      await expectMessageUnder(weight(), 'Weight must be between 30kg and 300kg');
      await expectMessageUnder(height, 'Height must be between 100cm and 250cm');
    }
    // Nothing was calculated: the form is still there, no calculating screen.
    await see(form);
    expect(await other.getByTestId('calculating-screen').count()).toBe(0);
  });

  it('imperial: the calculating screen, then the bridge with BMI 25.8 Overweight and three sponsored offers', async () => {
    await fillImperialForm(page, imperialVisitor);
    const calculating = await submitHealthForm(page);
    // Time stands still on the page while the screen is looked at and audited, then the animation goes on.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await seeText(calculating.getByRole('heading'), 'Analyzing Your Health Data');
    await see(calculating.getByRole('progressbar', { name: 'Calculation progress' }));
    expect(calculatingMessages).toContain(await visibleText(calculating.locator('[aria-live]')));
    await expectNoAxeViolations(page, 'calculating', { clockPaused: true });
    await page.clock.resume();

    const overlay = await waitForBridge(page);
    await seeText(overlay.getByTestId('bmi-value'), '25.8');
    await see(overlay.getByText('Overweight', { exact: true }));
    await see(overlay.getByText('Sponsored', { exact: true }));
    const offers = overlay.getByTestId('offer-card');
    await expect.poll(() => offers.count()).toBe(3);
    const titles = await offers.getByRole('heading').allInnerTexts();
    expect([...titles].sort()).toEqual([...overweightWeightLossOffers].sort());
    // Spec §2: each bridge offer has a "Learn More" button (the offers' own labels are for the results cards).
    expect(await offers.getByRole('link').allInnerTexts()).toEqual([
      'Learn More',
      'Learn More',
      'Learn More',
    ]);
    await expectNoAxeViolations(page, 'bridge');

    const title = titles[0]!;
    const url = await clickBridgeOffer(page, 0);
    expect(url).toMatch(
      /^https:\/\/[^/]+\.example\.(com|net|org)\/.*\?ref=bodymetrics&placement=overweight-weight-loss$/,
    );
    clicked.bridge = { title, url };
  });

  it('results: "BMI Results", noindex, the five cards and the nutrition plan as computed by hand', async () => {
    await continueToResults(page);
    await expect.poll(() => page.title()).toBe('BMI Results');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    await seeText(page.getByTestId('bmi-value'), '25.8');
    await seeText(cardValue(page, 'bmi'), '25.8');
    await seeTextContaining(page.getByTestId('metric-card-bmi'), 'Overweight');
    await seeTextContaining(page.getByTestId('metric-card-bmi'), 'High');
    await seeText(cardValue(page, 'bodyfat'), '21.7%');
    await seeTextContaining(page.getByTestId('metric-card-bodyfat'), 'Measured');
    await seeText(cardValue(page, 'whr'), 'N/A');
    await seeText(cardValue(page, 'tdee'), '2,139 kcal/day');
    await seeText(cardValue(page, 'metabolic-age'), '30 years');
    await seeTextContaining(page.getByTestId('metric-card-metabolic-age'), 'Your age: 30');
    await seeTextContaining(page.getByTestId('metric-card-metabolic-age'), 'Good');

    await seeText(nutritionFigure(page, 'Daily Calories'), '1,711 kcal');
    await seeText(nutritionFigure(page, 'Protein'), '149.7 g');
    await seeText(nutritionFigure(page, 'Carbs'), '171.1 g');
    await seeTextContaining(page.getByTestId('nutrition-plan'), '20% deficit');
    await seeTextContaining(page.getByTestId('nutrition-plan'), 'Medical advisory');

    const offers = resultsPage(page).getByTestId('offer-card');
    await expect.poll(() => offers.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      await see(offers.nth(i).getByText('Sponsored Content', { exact: true }));
      await see(offers.nth(i).getByText('Evidence-Based', { exact: true }));
    }
    expect(await offers.getByRole('link').allInnerTexts()).toEqual([
      'See Product Details',
      'Learn More About the Formula',
      'Explore Ingredients',
    ]);
    await expectNoAxeViolations(page, 'results');

    const title = await visibleText(offers.nth(1).getByRole('heading'));
    clicked.results = { title, url: await clickResultsOffer(page, 1) };
    expect(title).not.toBe(clicked.bridge?.title);
  });

  it('a reload brings the visitor back to the same results', async () => {
    await page.reload();
    await see(resultsPage(page));
    await seeText(page.getByTestId('bmi-value'), '25.8');
    await seeText(cardValue(page, 'tdee'), '2,139 kcal/day');
    await expect.poll(() => page.title()).toBe('BMI Results');
  });

  it('sends the health report: the required fields and consent, "Report Sent!", the toast, and the mail', async () => {
    await openReportForm(page);
    const form = page.getByTestId('report-form');
    const send = form.getByRole('button', { name: 'Send My Report' });
    await form.getByLabel('Name', { exact: true }).fill('Ana');
    await see(form.getByText('Name and email are required', { exact: true }));
    expect(await send.isDisabled()).toBe(true);

    await form.getByLabel('Email', { exact: true }).fill(reportAddress);
    await seeNo(form.getByText('Name and email are required', { exact: true }));
    // The health-data consent is not pre-ticked, and nothing is sent without it.
    const consent = form.getByLabel(healthDataConsent);
    expect(await consent.isChecked()).toBe(false);
    await send.click();
    await expectMessageUnder(
      consent,
      'Please agree to the processing of your health data so that we can send your report',
    );

    await sendReport(page, 'Ana', reportAddress);
    const sent = form.getByRole('button', { name: 'Report Sent!' });
    await see(sent);
    expect(await sent.isDisabled()).toBe(true);
    await see(form.getByText(`Success! Your health report has been sent to ${reportAddress}.`));
    const shown = toast(page, 'Your health report has been sent!');
    await seeTextContaining(shown, 'Check your email for your personalized health report!');

    const mail = await system.mail.waitFor(sentTo(reportAddress));
    expect(mail.subject).toBe('Your BodyMetrics Health Report');
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.text).toContain('BMI: 25.8');
    expect(mail.text).toContain(clicked.bridge!.title);
  });

  it('the visit reached Postgres through tracking, Kafka and the aggregator', async () => {
    const landingUrl = `${system.baseUrl}/`;
    await eventually(
      async () => {
        const visits = await system.db
          .selectFrom('page_visits')
          .select(['page_url', 'device_type', 'browser_name', 'operating_system', 'time_zone', 'is_bot'])
          .where('visitor_id', '=', visitorId)
          .execute();
        // The first load and the reload.
        expect(visits).toHaveLength(2);
        for (const v of visits) {
          expect(v).toEqual({
            page_url: landingUrl,
            device_type: 'desktop',
            browser_name: 'Chrome',
            operating_system: 'Linux',
            time_zone: 'America/New_York',
            is_bot: false,
          });
        }

        const steps = await system.db
          .selectFrom('user_journey')
          .select('step')
          .distinct()
          .where('visitor_id', '=', visitorId)
          .execute();
        expect(steps.map((s) => s.step).sort()).toEqual(
          [
            'landing',
            'form_started',
            'form_completed',
            'bridge_viewed',
            'bridge_affiliate_click',
            'bridge_to_full_results',
            'results_viewed',
            'email_provided',
            'report_sent',
          ].sort(),
        );

        const clicks = await system.db
          .selectFrom('affiliate_clicks')
          .select(['source', 'offer_title', 'offer_url', 'ip_address'])
          .where('visitor_id', '=', visitorId)
          .orderBy('clicked_at')
          .execute();
        expect(clicks).toEqual([
          {
            source: 'bridge',
            offer_title: clicked.bridge!.title,
            offer_url: clicked.bridge!.url,
            ip_address: '127.0.0.0',
          },
          {
            source: 'results',
            offer_title: clicked.results!.title,
            offer_url: clicked.results!.url,
            ip_address: '127.0.0.0',
          },
        ]);

        // The offers' own counters: the bridge click moves its offer's; the results page sends the spec's
        // POST /api/affiliate-offers/{id}/click beside its record, which moves the other's.
        const counters = await system.db
          .selectFrom('affiliate_offers')
          .select(['title', 'clicks'])
          .where('clicks', '>', 0)
          .orderBy('title')
          .execute();
        expect(counters).toEqual(
          [
            { title: clicked.bridge!.title, clicks: 1 },
            { title: clicked.results!.title, clicks: 1 },
          ].sort((x, y) => (x.title < y.title ? -1 : 1)),
        );
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
  });

  it('"Start New Calculation" clears the session and shows an empty form', async () => {
    await page.getByRole('button', { name: 'Start New Calculation' }).click();
    const form = healthForm(page);
    await see(form);
    expect(await form.getByLabel('Age', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Weight (lbs)', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Gender', { exact: true }).inputValue()).toBe('prefer_not_to_say');
    expect(await resultsPage(page).count()).toBe(0);
    // Nothing of the last calculation is kept in the browser.
    expect(await page.evaluate(() => localStorage.getItem('bm_session'))).toBeNull();
  });

  it('metric: BMI 35.2 Obese, WHR 0.86, 2,347 kcal/day, metabolic age 42, and its nutrition plan', async () => {
    const visitor = await newVisitor();
    await openCalculator(visitor);
    await fillMetricForm(visitor, {
      age: 45,
      gender: 'female',
      heightCm: 160,
      weightKg: 90,
      waistCm: 95,
      hipCm: 110,
      activityLevel: 'moderately_active',
    });
    await submitHealthForm(visitor);
    const overlay = await waitForBridge(visitor);
    await seeText(overlay.getByTestId('bmi-value'), '35.2');
    await see(overlay.getByText('Obese', { exact: true }));
    const titles = await overlay.getByTestId('offer-card').getByRole('heading').allInnerTexts();
    expect([...titles].sort()).toEqual([...obeseWeightLossOffers].sort());

    await continueToResults(visitor);
    await seeText(cardValue(visitor, 'bmi'), '35.2');
    await seeTextContaining(visitor.getByTestId('metric-card-bmi'), 'Elevated');
    await seeText(cardValue(visitor, 'bodyfat'), '47.2%');
    await seeTextContaining(visitor.getByTestId('metric-card-bodyfat'), 'Very High');
    await seeText(cardValue(visitor, 'whr'), '0.86');
    await seeTextContaining(visitor.getByTestId('metric-card-whr'), 'High risk');
    await seeText(cardValue(visitor, 'tdee'), '2,347 kcal/day');
    await seeText(cardValue(visitor, 'metabolic-age'), '42 years');
    await seeTextContaining(visitor.getByTestId('metric-card-metabolic-age'), 'Your age: 45');
    await seeText(nutritionFigure(visitor, 'Daily Calories'), '1,878 kcal');
    await seeText(nutritionFigure(visitor, 'Protein'), '164.3 g');
    await seeText(nutritionFigure(visitor, 'Carbs'), '187.8 g');
  });

  it('contact: the four validation messages, then the success toast, panel and mail with Reply-To', async () => {
    const visitor = await newVisitor();
    await visitor.goto('/legal/contact');
    const form = visitor.getByTestId('contact-form');
    await see(form);
    await expectNoAxeViolations(visitor, 'contact');

    await sendContactMessage(visitor);
    await expectMessageUnder(form.getByLabel('Full Name', { exact: true }), 'Full name is required');
    await expectMessageUnder(form.getByLabel('Email', { exact: true }), 'Please enter a valid email address');
    await expectMessageUnder(
      form.getByLabel('Reason for Contact', { exact: true }),
      'Please select a reason for contact',
    );
    await expectMessageUnder(
      form.getByLabel('Message', { exact: true }),
      'Message must be at least 10 characters long',
    );
    await form.getByLabel('Email', { exact: true }).fill('not-an-address');
    await form.getByLabel('Message', { exact: true }).fill('Too short');
    await sendContactMessage(visitor);
    await expectMessageUnder(form.getByLabel('Email', { exact: true }), 'Please enter a valid email address');
    await expectMessageUnder(
      form.getByLabel('Message', { exact: true }),
      'Message must be at least 10 characters long',
    );

    const message = {
      fullName: 'Mara Ionescu',
      email: 'mara@example.test',
      reason: 'Feedback & Suggestions',
      message: 'The calculator is lovely; could it remember my last result?',
    };
    await fillContactForm(visitor, message);
    await sendContactMessage(visitor);
    await seeTextContaining(toast(visitor, 'Message Sent Successfully!'), "We'll get back to you soon.");
    await see(form.getByRole('status').getByText('Your message has been sent.', { exact: false }));
    expect(await form.getByLabel('Full Name', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Message', { exact: true }).inputValue()).toBe('');

    const mail = await system.mail.waitFor(sentTo('operator@bodymetrics.test'));
    expect(addressesOf(mail.replyTo)).toEqual(['mara@example.test']);
    expect(mail.subject).toBe('[BodyMetrics contact] Feedback & Suggestions: Mara Ionescu');
    expect(mail.text).toContain(message.message);
  });

  it('a policy page shows its title, content and date; when the server cannot be reached, the red message', async () => {
    const visitor = await newVisitor();
    await visitor.goto('/legal/privacy');
    const legal = visitor.getByTestId('legal-page');
    await seeText(legal.getByRole('heading', { level: 1 }), 'Privacy Policy');
    await see(legal.getByText('Last updated November 27, 2026', { exact: true }));
    await see(legal.getByRole('heading', { name: '1. Who is responsible' }));
    await expectNoAxeViolations(visitor, 'legal');

    const failing = await newVisitor();
    await failing.route('**/api/legal/privacy', (route) => route.abort('connectionrefused'));
    await failing.goto('/legal/privacy');
    await seeText(
      failing.getByTestId('legal-page').getByRole('alert'),
      'Failed to load Privacy Policy. Please try again later.',
    );
  });

  it('an unknown address shows the not-found screen', async () => {
    const visitor = await newVisitor();
    await visitor.goto('/no-such-page');
    const notFound = visitor.getByTestId('not-found');
    await seeText(notFound.getByRole('heading', { level: 1 }), '404 Page Not Found');
    await see(notFound.getByText('Did you forget to add the page to the router?', { exact: true }));
    await expectNoAxeViolations(visitor, 'not-found');
  });

  describe('when the mail server is down', () => {
    beforeAll(async () => {
      await system.smtp.close();
    });

    it('the report fails: the inline error and the failure toast, and the button can be used again', async () => {
      const visitor = await newVisitor();
      await openCalculator(visitor);
      await fillImperialForm(visitor, imperialVisitor);
      await submitHealthForm(visitor);
      await waitForBridge(visitor);
      await continueToResults(visitor);
      await sendReport(visitor, 'Ion', 'ion@example.test');
      const form = visitor.getByTestId('report-form');
      await seeText(
        form.getByRole('alert'),
        'Error: Failed to send your health report. Please try again later.',
      );
      await seeTextContaining(toast(visitor, 'Failed to send your health report'), 'Please try again later.');
      expect(await form.getByRole('button', { name: 'Send My Report' }).isEnabled()).toBe(true);
      await seeNo(form.getByRole('button', { name: 'Report Sent!' }));
    });

    it('the contact message fails with the error toast', async () => {
      const visitor = await newVisitor();
      await visitor.goto('/legal/contact');
      await fillContactForm(visitor, {
        fullName: 'Ion Popescu',
        email: 'ion@example.test',
        reason: 'Technical Support',
        message: 'The page did not load on my phone yesterday.',
      });
      await sendContactMessage(visitor);
      await seeTextContaining(toast(visitor, 'Error'), 'Something went wrong. Please try again later.');
      await see(visitor.getByTestId('contact-form').getByRole('button', { name: 'Send Message' }));
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  });
});
