// The SMTP mailer against a real SMTP peer (smtp-server in-process), and against a port nobody listens on.
import { describe, expect } from 'vitest';
import { closedPort, type SmtpSink } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { createMailer, MailDeliveryError } from './index';

describe('SMTP mailer', () => {
  let sink: SmtpSink;
  it.beforeAll(({ smtp }) => {
    sink = smtp;
  });

  it('delivers the message with its parts, Reply-To and extra headers', async () => {
    const mailer = createMailer({
      kind: 'smtp',
      url: sink.url,
      from: 'BodyMetrics <reports@bodymetrics.local>',
    });
    try {
      await mailer.verify();
      const sent = await mailer.send({
        to: { name: 'Ana Pop', address: 'ana@example.com' },
        replyTo: 'visitor@example.org',
        subject: 'Your BodyMetrics Health Report',
        text: 'Plain text body',
        html: '<p>HTML body</p>',
        headers: { 'List-Unsubscribe': '<https://bm.example/u?token=abc>' },
      });
      expect(sent.messageId).toMatch(/@/);

      const mail = await sink.waitFor((m) => m.subject === 'Your BodyMetrics Health Report');
      expect(mail.from?.value[0]).toMatchObject({
        name: 'BodyMetrics',
        address: 'reports@bodymetrics.local',
      });
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe(
        'ana@example.com',
      );
      expect(mail.replyTo?.value[0]?.address).toBe('visitor@example.org');
      expect(mail.text?.trim()).toBe('Plain text body');
      expect(mail.html).toContain('<p>HTML body</p>');
      // mailparser folds List-* headers into `headers.get('list')`; the raw line is what a client reads.
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe(
        'List-Unsubscribe: <https://bm.example/u?token=abc>',
      );
      expect(mail.messageId).toBe(sent.messageId);
    } finally {
      mailer.close();
    }
  });

  it('fails with MailDeliveryError when no SMTP server listens', async () => {
    const port = await closedPort();
    const mailer = createMailer({
      kind: 'smtp',
      url: `smtp://127.0.0.1:${port}`,
      from: 'reports@bodymetrics.local',
    });
    try {
      const sending = mailer.send({ to: 'ana@example.com', subject: 'never', text: 'never' });
      await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
      await expect(sending).rejects.toMatchObject({ code: 'ESOCKET' });
      await expect(mailer.verify()).rejects.toBeInstanceOf(MailDeliveryError);
    } finally {
      mailer.close();
    }
  });
});
