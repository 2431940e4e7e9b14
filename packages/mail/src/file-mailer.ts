// The embedded mode's "delivery": each message is written as an .eml file (open it in any mail client)
// and a line is logged, so a first look at the product needs no SMTP server.
import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './mail-message';
import { MailDeliveryError } from './mail-delivery-error';
import { toNodemailerOptions } from './nodemailer-message';

export interface FileMailerConfig {
  kind: 'file';
  dir: string;
  from: string;
  /** Where the "written" line goes; defaults to stdout. */
  log?: (line: string) => void;
}

const recipientsOf = (to: MailMessage['to']): string =>
  (Array.isArray(to) ? to : [to]).map((r) => (typeof r === 'string' ? r : r.address)).join(', ');

export function createFileMailer(config: FileMailerConfig): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const log = config.log ?? ((line: string) => console.log(line));

  return {
    kind: 'file',
    async send(message: MailMessage): Promise<SentMail> {
      try {
        const info = (await transport.sendMail(toNodemailerOptions(config.from, message))) as {
          messageId: string;
          message: Buffer;
        };
        await mkdir(config.dir, { recursive: true });
        // Sortable by time, unique even for two mails in the same millisecond.
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const path = join(config.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
        await writeFile(path, info.message);
        log(`mail to ${recipientsOf(message.to)} "${message.subject}" written to ${path}`);
        return { messageId: info.messageId };
      } catch (err) {
        throw MailDeliveryError.from(err);
      }
    },
    async verify(): Promise<void> {
      try {
        await mkdir(config.dir, { recursive: true });
        await access(config.dir, constants.W_OK);
      } catch (err) {
        throw MailDeliveryError.from(err);
      }
    },
    close(): void {
      transport.close();
    },
  };
}
