// Bad input never reaches Postgres or the SMTP server: every case is a 400 whose message names the
// field (with the exact text the public app shows, spec §5), with no row stored and no mail sent.
import { describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { countRows, knownMetrics, reportBody, useReportsApp } from '../test-support';

// A generous limit: this file sends many contact and report requests from one address on purpose.
const reports = useReportsApp({
  rateLimit: { contactMax: 1000, reportMax: 1000, submitReportMax: 1000 },
});

const without = (body: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));
const offer = { id: 1, title: 'Shake', url: 'https://partner.example/shake' };

const reportCases: [string, Record<string, unknown>, string][] = [
  ['missing name', without(reportBody(), 'name'), 'name: Name and email are required'],
  ['blank name', reportBody({ name: '   ' }), 'name: Name and email are required'],
  ['name too long', reportBody({ name: 'n'.repeat(101) }), 'name: Name must be at most 100 characters long'],
  ['missing email', without(reportBody(), 'email'), 'email: Name and email are required'],
  ['empty email', reportBody({ email: '' }), 'email: Name and email are required'],
  ['bad email', reportBody({ email: 'ana@' }), 'email: Please enter a valid email address'],
  [
    'header injection in email',
    reportBody({ email: 'ana@example.com\r\nBcc: x@example.com' }),
    'email: Please enter a valid email address',
  ],
  ['missing metrics', without(reportBody(), 'metrics'), 'metrics: '],
  [
    'age below 18',
    reportBody({ metrics: { ...knownMetrics, age: 17 } }),
    'metrics.age: Age must be between 18 and 120',
  ],
  [
    'weight out of range',
    reportBody({ metrics: { ...knownMetrics, weight: 900 } }),
    'metrics.weight: Weight must be between 50lbs and 800lbs',
  ],
  [
    'metric height out of range',
    reportBody({ metrics: { ...knownMetrics, measurementSystem: 'metric', weight: 80, height: 90 } }),
    'metrics.height: Height must be between 100cm and 250cm',
  ],
  [
    'imperial height too tall',
    reportBody({ metrics: { ...knownMetrics, height: 99 } }),
    'metrics.height: Height must be between 39 inches and 98 inches',
  ],
  ['unknown gender', reportBody({ metrics: { ...knownMetrics, gender: 'robot' } }), 'metrics.gender: '],
  [
    'unknown activity level',
    reportBody({ metrics: { ...knownMetrics, activityLevel: 'couch' } }),
    'metrics.activityLevel: ',
  ],
  [
    'negative waist',
    reportBody({ metrics: { ...knownMetrics, waist: -3 } }),
    'metrics.waist: Waist must be a positive number',
  ],
  ['unknown goal', reportBody({ selectedGoal: 'fame' }), 'selectedGoal: '],
  ['unknown language', reportBody({ language: 'fr' }), 'language: '],
  [
    'too many offers',
    reportBody({ offers: Array.from({ length: 11 }, (_, i) => ({ ...offer, id: i + 1 })) }),
    'offers: ',
  ],
  [
    'offer with a script link',
    reportBody({ offers: [{ ...offer, url: 'javascript:alert(1)' }] }),
    'offers.0.url: ',
  ],
  [
    'offer title too long',
    reportBody({ offers: [{ ...offer, title: 't'.repeat(201) }] }),
    'offers.0.title: ',
  ],
];

const contact = {
  fullName: 'Maria Ionescu',
  email: 'maria@example.org',
  reason: 'General Inquiry',
  message: 'Hello, I have a question about my report.',
};
const contactCases: [string, Record<string, unknown>, string][] = [
  ['missing full name', without(contact, 'fullName'), 'fullName: Full name is required'],
  ['blank full name', { ...contact, fullName: '  ' }, 'fullName: Full name is required'],
  ['missing email', without(contact, 'email'), 'email: Please enter a valid email address'],
  ['bad email', { ...contact, email: 'maria.example.org' }, 'email: Please enter a valid email address'],
  ['missing reason', without(contact, 'reason'), 'reason: Please select a reason for contact'],
  ['unknown reason', { ...contact, reason: 'Spam' }, 'reason: Please select a reason for contact'],
  ['missing message', without(contact, 'message'), 'message: Message must be at least 10 characters long'],
  [
    'short message',
    { ...contact, message: 'Hi there' },
    'message: Message must be at least 10 characters long',
  ],
  [
    'short message padded with spaces',
    { ...contact, message: '   Hi there      ' },
    'message: Message must be at least 10 characters long',
  ],
  [
    'message too long',
    { ...contact, message: 'x'.repeat(5001) },
    'message: Message must be at most 5000 characters long',
  ],
];

async function expectNothingHappened() {
  for (const table of ['health_metrics', 'newsletter_subscribers', 'contact_messages'] as const) {
    expect(await countRows(reports.database.db, table), table).toBe(0);
  }
  expect(reports.smtp.messages).toHaveLength(0);
}

describe('report requests with bad input', () => {
  for (const url of ['/api/email-report', '/api/submit-report']) {
    for (const [label, payload, message] of reportCases) {
      it(`${url}: ${label} → 400 "${message}…"`, async () => {
        const response = await reports.app.inject({ method: 'POST', url, payload });
        expect(response.statusCode).toBe(400);
        const { error } = response.json<{
          error: { code: string; message: string; details: { field: string }[] };
        }>();
        expect(error.code).toBe('validation_error');
        expect(error.message.startsWith(message), error.message).toBe(true);
        expect(error.details[0]?.field).toBe(message.split(':')[0]);
        await expectNothingHappened();
      });
    }
  }

  it('a body that is not JSON → 400', async () => {
    const response = await reports.app.inject({
      method: 'POST',
      url: '/api/email-report',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    await expectNothingHappened();
  });
});

describe('contact messages with bad input', () => {
  for (const [label, payload, message] of contactCases) {
    it(`${label} → 400 "${message}"`, async () => {
      const response = await reports.app.inject({ method: 'POST', url: '/api/contact', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(message);
      await expectNothingHappened();
    });
  }

  it('accepts each of the six reasons of the contact page', async () => {
    for (const reason of [
      'General Inquiry',
      'Technical Support',
      'Feedback & Suggestions',
      'Advertising & Partnership',
      'Report an Issue',
      'Legal',
    ]) {
      const response = await reports.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...contact, reason },
      });
      expect(response.statusCode, reason).toBe(200);
    }
    expect(await countRows(reports.database.db, 'contact_messages')).toBe(6);
    expect(reports.smtp.messages).toHaveLength(6);
    // Clean up for the cases above, which expect an empty table.
    await reports.database.db.deleteFrom('contact_messages').execute();
    reports.smtp.messages.length = 0;
  });
});
