// When the SMTP server cannot be reached, nothing is half-done: the visitor gets 502
// mail_delivery_failed, no report is stored, nobody is subscribed, no contact message is kept.
import { describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { closedPort, type TestDatabase } from '@bodymetrics/testing';
import { countRows, reportBody, testApp } from '../test-support';

let database: TestDatabase;
let app: ReturnType<typeof testApp>;

it.beforeAll(async ({ database: fileDatabase }) => {
  database = fileDatabase;
  app = testApp({ db: database.db, smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
  return () => app.close();
});

describe('SMTP server unreachable', () => {
  it('POST /api/email-report → 502, nothing stored, not subscribed', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/email-report', payload: reportBody() });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: { code: 'mail_delivery_failed', message: 'Failed to send your health report' },
    });
    expect(await countRows(database.db, 'health_metrics')).toBe(0);
    expect(await countRows(database.db, 'newsletter_subscribers')).toBe(0);
  });

  it('a report mail the server did not take does not count against its recipient (at most 3 a day)', async () => {
    const body = reportBody({ email: 'retrying@example.com' });
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await app.inject({ method: 'POST', url: '/api/email-report', payload: body });
      expect(response.statusCode, `attempt ${attempt}`).toBe(502);
    }
  });

  it('POST /api/contact → 502, nothing stored', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        fullName: 'Ion',
        email: 'ion@example.org',
        reason: 'Legal',
        message: 'Please delete my data.',
      },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: { code: 'mail_delivery_failed', message: 'Failed to send your message' },
    });
    expect(await countRows(database.db, 'contact_messages')).toBe(0);
  });

  it('the same report can be sent once the server is back (nothing left behind blocks it)', async () => {
    // submit-report does not send mail: it still works, and stores the report once.
    const stored = await app.inject({ method: 'POST', url: '/api/submit-report', payload: reportBody() });
    expect(stored.json()).toEqual({ success: true, stored: true });
  });
});
