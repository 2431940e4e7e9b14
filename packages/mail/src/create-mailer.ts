// One factory for every process that sends mail (reports, admin-auth): SMTP in the distributed mode,
// .eml files in the embedded one.
import type { Mailer } from './mail-message';
import { createFileMailer, type FileMailerConfig } from './file-mailer';
import { createSmtpMailer, type SmtpMailerConfig } from './smtp-mailer';

export type MailerConfig = SmtpMailerConfig | FileMailerConfig;

export function createMailer(config: MailerConfig): Mailer {
  return config.kind === 'smtp' ? createSmtpMailer(config) : createFileMailer(config);
}
