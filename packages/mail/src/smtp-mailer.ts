// SMTP delivery (Mailpit locally, the provider's relay in production). Not pooled: a service sends a few
// mails a minute, and a fresh connection per message means a restarted relay never leaves us a dead socket.
import nodemailer, { type SMTPTransportOptions } from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './mail-message';
import { MailDeliveryError } from './mail-delivery-error';
import { toNodemailerOptions } from './nodemailer-message';

export interface SmtpMailerConfig {
  kind: 'smtp';
  /** e.g. smtp://127.0.0.1:1025 or smtps://user:pass@relay:465 */
  url: string;
  from: string;
  /**
   * Connection and greeting timeout in ms. Short on purpose: the visitor is waiting for the answer, and
   * an unreachable server should fail the request in seconds, not after nodemailer's default two minutes.
   */
  connectTimeoutMs?: number;
  /** Inactivity timeout once connected. */
  socketTimeoutMs?: number;
}

export function createSmtpMailer(config: SmtpMailerConfig): Mailer {
  const connectTimeout = config.connectTimeoutMs ?? 3000;
  const transport = nodemailer.createTransport({
    url: config.url,
    connectionTimeout: connectTimeout,
    greetingTimeout: connectTimeout,
    socketTimeout: config.socketTimeoutMs ?? 15_000,
  } satisfies SMTPTransportOptions);

  return {
    kind: 'smtp',
    async send(message: MailMessage): Promise<SentMail> {
      let info: { messageId: string; rejected?: unknown[] };
      try {
        info = (await transport.sendMail(toNodemailerOptions(config.from, message))) as typeof info;
      } catch (err) {
        throw MailDeliveryError.from(err);
      }
      // nodemailer resolves when at least one recipient was accepted; a refused recipient is a failure
      // for us — every message we send has the recipients it needs, no more.
      if (info.rejected && info.rejected.length > 0) {
        throw new MailDeliveryError(
          `Mail delivery failed: recipient refused (${info.rejected.map(String).join(', ')})`,
          {
            code: 'EENVELOPE',
          },
        );
      }
      return { messageId: info.messageId };
    },
    async verify(): Promise<void> {
      try {
        await transport.verify();
      } catch (err) {
        throw MailDeliveryError.from(err);
      }
    },
    close(): void {
      transport.close();
    },
  };
}
