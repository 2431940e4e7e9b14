// The report form's two separate choices: explicit consent to process the health data (without it the
// request is refused and nothing is stored or sent) and the newsletter (the address is subscribed only
// when that box was ticked and the address's owner confirmed through the mail's link).
import { beforeEach, describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import type { ParsedMail } from 'mailparser';
import { HEALTH_DATA_CONSENT_REQUIRED } from '@bodymetrics/contracts';
import { newsletterRecipients } from '../app';
import { findSubscriber } from '../newsletter.repository';
import { countRows, reportBody, useReportsApp } from '../test-support';

const reports = useReportsApp();
beforeEach(() => {
  reports.smtp.messages.length = 0;
});

const post = (url: string, payload: Record<string, unknown>) =>
  reports.app.inject({ method: 'POST', url, payload });
const hasHeader = (mail: ParsedMail, name: string) => mail.headerLines.some((h) => h.key === name);

describe('consent to process health data', () => {
  it.each([
    ['no consent at all', { consent: undefined }],
    ['an empty consent', { consent: {} }],
    ['the box left unticked', { consent: { healthData: false, newsletter: true } }],
    ['a value other than true', { consent: { healthData: 'yes' } }],
  ])(
    '%s: both report routes answer 400 naming consent.healthData, and nothing is stored or sent',
    async (_case, override) => {
      const body = reportBody({ email: 'no.consent@example.com', ...override });
      if (override.consent === undefined) delete (body as Record<string, unknown>).consent;
      for (const url of ['/api/email-report', '/api/submit-report']) {
        const res = await post(url, body);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({
          error: {
            code: 'validation_error',
            message: `consent.healthData: ${HEALTH_DATA_CONSENT_REQUIRED}`,
            details: [{ field: 'consent.healthData', message: HEALTH_DATA_CONSENT_REQUIRED }],
          },
        });
      }
      expect(reports.smtp.messages).toHaveLength(0);
      expect(await countRows(reports.database.db, 'health_metrics')).toBe(0);
      expect(await findSubscriber(reports.database.db, 'no.consent@example.com')).toBeNull();
    },
  );
});

describe('the newsletter box', () => {
  it('unticked: the report is sent and stored, the address is not subscribed and the mail offers no unsubscribe', async () => {
    const email = 'report.only@example.com';
    const res = await post(
      '/api/email-report',
      reportBody({ email, consent: { healthData: true, newsletter: false } }),
    );
    expect(res.statusCode).toBe(200);
    const mail = await reports.smtp.waitFor((m) => m.subject === 'Your BodyMetrics Health Report');
    expect(await findSubscriber(reports.database.db, email)).toBeNull();
    expect(hasHeader(mail, 'list-unsubscribe')).toBe(false);
    expect(mail.text).not.toMatch(/unsubscribe/i);
    expect(String(mail.html)).not.toMatch(/unsubscribe/i);
    const stored = await post(
      '/api/submit-report',
      reportBody({ email, consent: { healthData: true, newsletter: false } }),
    );
    expect(stored.json()).toEqual({ success: true, stored: false }); // the e-mailed report was stored already
  });

  it('newsletter omitted counts as unticked', async () => {
    const email = 'omitted@example.com';
    expect(
      (await post('/api/email-report', reportBody({ email, consent: { healthData: true } }))).statusCode,
    ).toBe(200);
    expect(await findSubscriber(reports.database.db, email)).toBeNull();
  });

  it('ticked: the mail asks to confirm (double opt-in); the address is subscribed once its owner confirms', async () => {
    const email = 'wants.news@example.com';
    const res = await post(
      '/api/email-report',
      reportBody({ email, consent: { healthData: true, newsletter: true } }),
    );
    expect(res.statusCode).toBe(200);
    const mail = await reports.smtp.waitFor((m) => m.subject === 'Your BodyMetrics Health Report');
    // Not subscribed on the spot: anybody can type anybody's address into the form.
    expect((await newsletterRecipients(reports.database.db)).map((s) => s.email)).not.toContain(email);
    expect(hasHeader(mail, 'list-unsubscribe')).toBe(false);
    const link =
      /Confirm your newsletter subscription: (https:\/\/bodymetrics\.test\/api\/newsletter\/confirm\?token=\S+)/.exec(
        mail.text ?? '',
      )?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect((await post(url.pathname + url.search, {})).statusCode).toBe(200);
    expect((await newsletterRecipients(reports.database.db)).map((s) => s.email)).toContain(email);
  });

  it('unticked later by a subscriber: the subscription is left as it is, and the mail still lets them leave', async () => {
    const email = 'wants.news@example.com';
    const res = await post(
      '/api/email-report',
      reportBody({ email, consent: { healthData: true, newsletter: false } }),
    );
    expect(res.statusCode).toBe(200);
    const mail = await reports.smtp.waitFor((m) => m.subject === 'Your BodyMetrics Health Report');
    expect((await findSubscriber(reports.database.db, email))?.unsubscribedAt).toBeNull();
    expect(hasHeader(mail, 'list-unsubscribe')).toBe(true);
  });

  it('must be true or false when given', async () => {
    const res = await post(
      '/api/email-report',
      reportBody({ consent: { healthData: true, newsletter: 'yes' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'consent.newsletter', message: 'must be true or false' },
    ]);
  });
});
