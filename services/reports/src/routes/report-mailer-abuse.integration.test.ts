// The report mailer as a spam relay, against a real SMTP peer:
// - double opt-in: a ticked newsletter box subscribes nobody until the address's owner follows the
//   mail's confirmation link (GET shows a button and changes nothing; POST confirms, once; an expired
//   link is refused), and the unsubscribe link keeps working afterwards;
// - at most a few report mails per address per day, whoever asks and from wherever;
// - names that carry links or bidi/control characters are refused (report and contact), nothing mailed.
import { createHash } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { beforeEach, describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { findSubscriber } from '../newsletter.repository';
import { countRows, reportBody, useReportsApp, visibleText } from '../test-support';

// Per-IP budgets out of the way: each request below comes from its own documentation address anyway.
const reports = useReportsApp({
  rateLimit: { reportMax: 1000, contactMax: 1000, submitReportMax: 1000 },
});
beforeEach(() => {
  reports.smtp.messages.length = 0;
});

let ipCounter = 1;
const sendReport = (body: Record<string, unknown>) =>
  reports.app.inject({
    method: 'POST',
    url: '/api/email-report',
    headers: { 'x-forwarded-for': `203.0.113.${ipCounter++}` },
    payload: body,
  });

const confirmLinkIn = (mail: ParsedMail) =>
  /Confirm your newsletter subscription: (https:\/\/bodymetrics\.test\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43})\n/.exec(
    mail.text ?? '',
  )?.[1];
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;
const pendingRows = () => reports.database.db.selectFrom('newsletter_confirmations').selectAll().execute();

describe('newsletter double opt-in', () => {
  it('the report mail carries a confirmation link; nobody is subscribed until it is confirmed, and it works once', async () => {
    const email = 'opt.in@example.com';
    const res = await sendReport(reportBody({ email, name: 'Opt In' }));
    expect(res.statusCode).toBe(200);
    const mail = reports.smtp.messages[0]!;
    const link = confirmLinkIn(mail);
    expect(link).toBeDefined();
    expect(String(mail.html)).toContain(`href="${link}"`);
    expect(await findSubscriber(reports.database.db, email)).toBeNull();
    expect(await countRows(reports.database.db, 'newsletter_subscribers')).toBe(0);

    // Only a hash of the token is stored.
    const token = new URL(link!).searchParams.get('token')!;
    const [pending] = await pendingRows();
    expect(pending).toMatchObject({
      email,
      token_hash: createHash('sha256').update(token).digest('hex'),
      confirmed_at: null,
    });
    expect(JSON.stringify(await pendingRows())).not.toContain(token);
    const days = (pending!.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // A mail scanner (or the person) opens the link: a page with a button, nothing changes.
    for (let i = 0; i < 2; i++) {
      const page = await reports.app.inject({ method: 'GET', url: pathOf(link!) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(visibleText(page.body)).toContain('Confirm your newsletter subscription');
      expect(page.body).toMatch(
        /<form method="post" action="\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}"><button type="submit">Confirm my subscription<\/button><\/form>/,
      );
    }
    expect(await findSubscriber(reports.database.db, email)).toBeNull();

    // The button: subscribed.
    const confirmed = await reports.app.inject({
      method: 'POST',
      url: pathOf(link!),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(visibleText(confirmed.body)).toContain('Your subscription is confirmed');
    const subscriber = await findSubscriber(reports.database.db, email);
    expect(subscriber).toMatchObject({ email, name: 'Opt In', unsubscribedAt: null });

    // Once only.
    const again = await reports.app.inject({ method: 'POST', url: pathOf(link!) });
    expect(again.statusCode).toBe(410);
    expect(visibleText(again.body)).toContain('This confirmation link has already been used');
    expect((await reports.app.inject({ method: 'GET', url: pathOf(link!) })).statusCode).toBe(410);

    // The next report carries the RFC 8058 unsubscribe link, and it still works.
    reports.smtp.messages.length = 0;
    expect((await sendReport(reportBody({ email, name: 'Opt In' }))).statusCode).toBe(200);
    const next = reports.smtp.messages[0]!;
    expect(confirmLinkIn(next)).toBeUndefined(); // already subscribed: nothing to confirm
    const unsubscribe = next.headerLines
      .find((h) => h.key === 'list-unsubscribe')
      ?.line.replace(/^[^<]*<([^>]+)>.*$/s, '$1');
    expect(unsubscribe).toMatch(/^https:\/\/bodymetrics\.test\/api\/newsletter\/unsubscribe\?token=/);
    const oneClick = await reports.app.inject({
      method: 'POST',
      url: pathOf(unsubscribe!),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await findSubscriber(reports.database.db, email))?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('an expired link is refused with a clear page and subscribes nobody', async () => {
    const email = 'too.late@example.com';
    expect((await sendReport(reportBody({ email, name: 'Too Late' }))).statusCode).toBe(200);
    const link = confirmLinkIn(reports.smtp.messages[0]!)!;
    await reports.database.db
      .updateTable('newsletter_confirmations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();

    const page = await reports.app.inject({ method: 'GET', url: pathOf(link) });
    expect(page.statusCode).toBe(410);
    expect(visibleText(page.body)).toContain('This confirmation link has expired');
    expect(page.body).not.toContain('<form');
    const post = await reports.app.inject({ method: 'POST', url: pathOf(link) });
    expect(post.statusCode).toBe(410);
    expect(visibleText(post.body)).toContain('You have not been subscribed');
    expect(await findSubscriber(reports.database.db, email)).toBeNull();
  });

  it('an unknown or missing token gets a 404 page', async () => {
    for (const url of ['/api/newsletter/confirm?token=nope', '/api/newsletter/confirm']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await reports.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(visibleText(res.body)).toContain('This confirmation link is not valid');
      }
    }
  });
});

describe('report mails per recipient', () => {
  it('the 4th report to one address within 24 h → 429 naming the rule; nothing stored, pending or mailed', async () => {
    const email = 'flooded@example.com';
    // The same inbox however the address is written, from a new client address every time.
    for (const [i, written] of [email, ' Flooded@Example.com', 'FLOODED@example.com'].entries()) {
      const res = await sendReport(
        reportBody({ email: written, metrics: { ...reportBody().metrics, weight: 170 + i } }),
      );
      expect(res.statusCode).toBe(200);
    }
    expect(reports.smtp.messages).toHaveLength(3);
    // Counted by a hash of the normalised address: no plain copy of it.
    const counterOf = (address: string) =>
      reports.database.db
        .selectFrom('rate_limit_counters')
        .select('points')
        .where('key', '=', `reports-per-recipient:${createHash('sha256').update(address).digest('hex')}`)
        .executeTakeFirst();
    expect(await counterOf(email)).toEqual({ points: 3 });
    const storedReports = await countRows(reports.database.db, 'health_metrics');

    reports.smtp.messages.length = 0;
    const fourth = await sendReport(
      reportBody({ email, name: 'Ana http', metrics: { ...reportBody().metrics, weight: 190 } }),
    );
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      error: {
        code: 'recipient_rate_limited',
        message: 'This address has already been sent 3 reports in the last 24 hours. Please try again later.',
        details: [{ rule: 'reports_per_recipient', max: 3, windowMs: 86_400_000 }],
      },
    });
    expect(reports.smtp.messages).toHaveLength(0);
    expect(await countRows(reports.database.db, 'health_metrics')).toBe(storedReports);
    // Each of the three mails asked to confirm the newsletter; the refused one left nothing pending.
    expect((await pendingRows()).filter((r) => r.email === email)).toHaveLength(3);

    const counters = await reports.database.db.selectFrom('rate_limit_counters').selectAll().execute();
    expect(JSON.stringify(counters).toLowerCase()).not.toContain('flooded');

    // Another address is not affected.
    expect((await sendReport(reportBody({ email: 'other.inbox@example.com' }))).statusCode).toBe(200);
  });
});

describe('names that carry links or invisible controls', () => {
  const badNames: [string, string, string][] = [
    ['a URL', 'Ana http://evil.example', 'must not contain a link or web address'],
    ['a bare domain with a path', 'Win at evil.example/x', 'must not contain a link or web address'],
    ['www.', 'Ana www.evil', 'must not contain a link or web address'],
    [
      'a right-to-left override (U+202E)',
      'Ana \u202Eelpmaxe.live',
      'must not contain control or text-direction characters',
    ],
    ['an isolate (U+2066)', 'Ana \u2066Pop', 'must not contain control or text-direction characters'],
    ['a line break', 'Ana\r\nBcc: x@example.com', 'must not contain control or text-direction characters'],
  ];

  it.each(badNames)(
    'report name with %s → 400 naming name, nothing stored or mailed',
    async (_case, name, rule) => {
      const storedReports = await countRows(reports.database.db, 'health_metrics');
      for (const url of ['/api/email-report', '/api/submit-report']) {
        const res = await reports.app.inject({
          method: 'POST',
          url,
          payload: reportBody({ name, email: 'named@example.com' }),
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({
          error: {
            code: 'validation_error',
            message: `name: Name ${rule}`,
            details: [{ field: 'name', message: `Name ${rule}` }],
          },
        });
      }
      expect(reports.smtp.messages).toHaveLength(0);
      expect(await countRows(reports.database.db, 'health_metrics')).toBe(storedReports);
    },
  );

  it.each(badNames)(
    'contact fullName with %s → 400 naming fullName, nothing stored or mailed',
    async (_case, name, rule) => {
      const res = await reports.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          fullName: name,
          email: 'named@example.com',
          reason: 'General Inquiry',
          message: 'Hello, this is a long enough message.',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: 'validation_error', details: [{ field: 'fullName', message: `Full name ${rule}` }] },
      });
      expect(reports.smtp.messages).toHaveLength(0);
      expect(await countRows(reports.database.db, 'contact_messages')).toBe(0);
    },
  );

  it('real names pass: initials, accents, apostrophes, other scripts', async () => {
    for (const name of [
      'J.R.R. Tolkien',
      'Ana-Maria O’Neil',
      'Zoë Ștefănescu',
      'Dr. Ion Pop',
      'محمد علي',
      '李小龍',
    ]) {
      const res = await reports.app.inject({
        method: 'POST',
        url: '/api/submit-report',
        payload: reportBody({ name, email: 'names@example.com' }),
      });
      expect(res.statusCode, name).toBe(200);
    }
  });
});
