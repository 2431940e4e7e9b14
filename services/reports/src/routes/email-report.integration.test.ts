// The e-mailed health report end to end: request → numbers recomputed by the engine → MJML mail in a
// real SMTP peer → stored report; newsletter subscription once the mail's confirmation link is followed
// (double opt-in) → unsubscribe through the next mail's link.
import { beforeEach, describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import type { ParsedMail } from 'mailparser';
import { newsletterRecipients } from '../app';
import { findSubscriber } from '../newsletter.repository';
import { listHealthReports } from '../health-metrics.repository';
import {
  countRows,
  insertOffer,
  knownNutritionRows,
  knownReportRows,
  PUBLIC_BASE_URL,
  reportBody,
  testApp,
  useReportsApp,
  visibleText,
} from '../test-support';

const reports = useReportsApp();
beforeEach(() => {
  reports.smtp.messages.length = 0;
});

const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name.toLowerCase())
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, ' ');

async function sendReport(body: Record<string, unknown>) {
  return reports.app.inject({ method: 'POST', url: '/api/email-report', payload: body });
}

/** Follows the newsletter confirmation link of a report mail, as its recipient would (the page's button). */
async function confirmFrom(mail: ParsedMail) {
  const link = /Confirm your newsletter subscription: (\S+)/.exec(mail.text ?? '')?.[1];
  expect(link).toBeDefined();
  const url = new URL(link!);
  const confirmed = await reports.app.inject({ method: 'POST', url: url.pathname + url.search });
  expect(confirmed.statusCode).toBe(200);
}

describe('POST /api/email-report', () => {
  it('mails the report with the engine’s numbers, sponsored offers, the disclaimer and (once confirmed) an unsubscribe link', async () => {
    const protein = await insertOffer(reports.database.db, {
      title: 'Lean Protein Shake',
      description: 'Whey isolate, 25 g protein per serving.',
      url: 'https://partner.example/shake?ref=bm',
    });
    const tea = await insertOffer(reports.database.db, {
      title: 'Green Tea Extract',
      description: 'Daily metabolism support.',
      url: 'https://partner.example/tea',
    });

    const response = await sendReport(
      reportBody({
        // The client also sends its own results; the mail must not use them.
        metrics: { ...reportBody().metrics, bmi: 99.9 },
        offers: [
          { id: protein, title: 'Lean Protein Shake', url: 'https://partner.example/shake?ref=bm' },
          {
            id: tea,
            title: 'Green Tea Extract',
            description: 'Daily metabolism support.',
            url: 'https://partner.example/tea',
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    // 200 came after the SMTP server accepted the message, so it is already there.
    expect(reports.smtp.messages).toHaveLength(1);
    const mail = reports.smtp.messages[0]!;
    expect(mail.subject).toBe('Your BodyMetrics Health Report');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0] : undefined).toMatchObject({
      name: 'Ana Pop',
      address: 'ana.pop@example.com',
    });

    const text = mail.text ?? '';
    const html = visibleText(String(mail.html));
    expect(text).toContain('Hi Ana Pop,');
    expect(html).toContain('Hi Ana Pop,');
    for (const [label, value, note] of knownReportRows) {
      expect(text).toContain(`${label}: ${value} — ${note}`);
      expect(html).toContain(`${label} ${value} ${note}`);
    }
    for (const [label, value] of knownNutritionRows) {
      expect(text).toContain(`${label}: ${value}`);
      expect(html).toContain(`${label} ${value}`);
    }
    expect(html).not.toContain('99.9');
    expect(text).toContain('Your goal: Weight loss.'); // the default goal for Overweight

    // Offers: each labelled Sponsored, in the order the visitor saw them, linking to the partner.
    expect(text).toContain(
      '[Sponsored] Lean Protein Shake\nWhey isolate, 25 g protein per serving.\nLearn more: https://partner.example/shake?ref=bm',
    );
    expect(text).toContain('[Sponsored] Green Tea Extract');
    expect(text.indexOf('Lean Protein Shake')).toBeLessThan(text.indexOf('Green Tea Extract'));
    expect(html).toMatch(/Sponsored Lean Protein Shake Whey isolate, 25 g protein per serving\. Learn More/);
    expect(html).toMatch(/Sponsored Green Tea Extract/);
    expect(String(mail.html)).toContain('href="https://partner.example/shake?ref=bm"');

    for (const part of [text, html]) {
      expect(part).toContain(
        'Medical disclaimer: this report is for general information only and is not medical advice.',
      );
    }

    // Double opt-in: the newsletter box was ticked, so this first mail asks the address's owner to
    // confirm; the address is not subscribed (and has nothing to unsubscribe from) until they do.
    const confirmLink = new RegExp(
      `Confirm your newsletter subscription: (${PUBLIC_BASE_URL}/api/newsletter/confirm\\?token=[A-Za-z0-9_-]{43})`,
    ).exec(text)?.[1];
    expect(confirmLink).toBeDefined();
    expect(String(mail.html)).toContain(`href="${confirmLink}"`);
    expect(rawHeader(mail, 'List-Unsubscribe')).toBeUndefined();
    expect((await newsletterRecipients(reports.database.db)).map((s) => s.email)).not.toContain(
      'ana.pop@example.com',
    );
    const confirmPath = new URL(confirmLink!).pathname + new URL(confirmLink!).search;
    expect((await reports.app.inject({ method: 'POST', url: confirmPath })).statusCode).toBe(200);

    // The next report to the confirmed subscriber carries the unsubscribe link.
    reports.smtp.messages.length = 0;
    expect((await sendReport(reportBody())).statusCode).toBe(200);
    const subscribedMail = reports.smtp.messages[0]!;
    const subscribedText = subscribedMail.text ?? '';
    const header = rawHeader(subscribedMail, 'List-Unsubscribe');
    expect(header).toMatch(
      new RegExp(`^<${PUBLIC_BASE_URL}/api/newsletter/unsubscribe\\?token=[A-Za-z0-9_-]{43}>$`),
    );
    expect(rawHeader(subscribedMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = header!.slice(1, -1);
    expect(subscribedText).toContain(`Unsubscribe from the BodyMetrics newsletter: ${link}`);
    expect(String(subscribedMail.html)).toContain(`href="${link}"`);
    expect(subscribedText).not.toContain('Confirm your newsletter subscription');

    // Stored (once: the same report twice is one row) and subscribed.
    const [stored] = await listHealthReports(reports.database.db);
    expect(stored).toMatchObject({
      name: 'Ana Pop',
      email: 'ana.pop@example.com',
      age: 30,
      gender: 'male',
      weight: 180,
      height: 70,
      waist: null,
      hip: null,
      activityLevel: 'sedentary',
      measurementSystem: 'imperial',
      selectedGoal: null,
    });
    expect((await newsletterRecipients(reports.database.db)).map((s) => s.email)).toContain(
      'ana.pop@example.com',
    );

    // The visitor follows the link in the mail.
    const token = new URL(link).searchParams.get('token')!;
    const page = await reports.app.inject({
      method: 'GET',
      url: `/api/newsletter/unsubscribe?token=${token}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(visibleText(page.body)).toContain('You have been unsubscribed.');
    expect((await newsletterRecipients(reports.database.db)).map((s) => s.email)).not.toContain(
      'ana.pop@example.com',
    );
    expect((await findSubscriber(reports.database.db, 'ana.pop@example.com'))?.unsubscribedAt).toBeInstanceOf(
      Date,
    );
  });

  it('still sends a requested report to an address that unsubscribed, without subscribing it again', async () => {
    const email = 'left.once@example.com';
    expect((await sendReport(reportBody({ email, name: 'Left Once' }))).statusCode).toBe(200);
    await confirmFrom(reports.smtp.messages.at(-1)!);
    const { unsubscribeToken } = (await findSubscriber(reports.database.db, email))!;
    const oneClick = await reports.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const unsubscribedAt = (await findSubscriber(reports.database.db, email))!.unsubscribedAt;
    expect(unsubscribedAt).toBeInstanceOf(Date);

    reports.smtp.messages.length = 0;
    const again = await sendReport(
      reportBody({ email, name: 'Left Once', metrics: { ...reportBody().metrics, weight: 170 } }),
    );
    expect(again.statusCode).toBe(200);
    expect(reports.smtp.messages.map((m) => m.subject)).toEqual(['Your BodyMetrics Health Report']);
    expect((await findSubscriber(reports.database.db, email))!.unsubscribedAt).toEqual(unsubscribedAt);
    expect((await newsletterRecipients(reports.database.db)).map((s) => s.email)).not.toContain(email);
  });

  it('escapes the visitor’s name everywhere it appears in the HTML', async () => {
    const name = '<img src=x onerror=alert(1)> & "Bob"';
    const response = await sendReport(reportBody({ name, email: 'bob@example.com' }));
    expect(response.statusCode).toBe(200);
    const mail = reports.smtp.messages[0]!;
    expect(String(mail.html)).not.toContain('<img src=x');
    expect(String(mail.html)).toContain('Hi &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Bob&quot;,');
    expect(mail.text).toContain(`Hi ${name},`);
  });

  it('shows the waist-hip ratio when both are given, and only offers that exist and are active', async () => {
    const inactive = await insertOffer(reports.database.db, {
      title: 'Old Offer',
      description: 'gone',
      url: 'https://partner.example/old',
      active: false,
    });
    const response = await sendReport(
      reportBody({
        email: 'whr@example.com',
        metrics: { ...reportBody().metrics, waist: 34, hip: 40 },
        selectedGoal: 'muscle_gain',
        offers: [
          { id: inactive, title: 'Old Offer', url: 'https://partner.example/old' },
          { id: 999_999, title: 'Free money', url: 'https://phishing.example/' },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    const text = reports.smtp.messages[0]!.text ?? '';
    expect(text).toContain('Waist-hip ratio: 0.85 — Healthy');
    expect(text).toContain('Your goal: Muscle gain.');
    expect(text).not.toContain('Sponsored');
    expect(text).not.toContain('phishing');
    expect(text).not.toContain('Old Offer');
  });

  it('unknown or missing unsubscribe tokens get a 404', async () => {
    const page = await reports.app.inject({ method: 'GET', url: '/api/newsletter/unsubscribe?token=nope' });
    expect(page.statusCode).toBe(404);
    expect(visibleText(page.body)).toContain('This unsubscribe link is not valid');
    const missing = await reports.app.inject({ method: 'GET', url: '/api/newsletter/unsubscribe' });
    expect(missing.statusCode).toBe(404);
    const post = await reports.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe?token=nope' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: { code: 'not_found', message: 'Unsubscribe token not found' } });
    expect(await countRows(reports.database.db, 'newsletter_subscribers')).toBeGreaterThan(0);
  });

  it('limits report mails per IP (they go to any address given), in memory when there is no Redis', async ({
    closeAfter,
  }) => {
    const limited = closeAfter(
      testApp({ db: reports.database.db, smtpUrl: reports.smtp.url, rateLimit: { reportMax: 2 } }),
    );
    const send = (ip: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/email-report',
        headers: { 'x-forwarded-for': ip },
        payload: reportBody({ email: 'limit@example.com' }),
      });
    expect((await send('192.0.2.1')).statusCode).toBe(200);
    expect((await send('192.0.2.1')).statusCode).toBe(200);
    const third = await send('192.0.2.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(reports.smtp.messages).toHaveLength(2);
    expect((await send('192.0.2.2')).statusCode).toBe(200);
  });
});
