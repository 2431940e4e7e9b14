// The mailer a process's mail settings ask for (service-kit's mailEnv: SMTP_URL, MAIL_FROM, MAIL_DIR).
import { createMailer } from './create-mailer';
import type { Mailer } from './mail-message';

export interface MailSettings {
  SMTP_URL: string;
  MAIL_FROM: string;
  /** Set: each mail is written to an .eml file in this folder instead of going over SMTP. */
  MAIL_DIR?: string | undefined;
}

export const mailerOfSettings = (settings: MailSettings): Mailer =>
  settings.MAIL_DIR
    ? createMailer({ kind: 'file', dir: settings.MAIL_DIR, from: settings.MAIL_FROM })
    : createMailer({ kind: 'smtp', url: settings.SMTP_URL, from: settings.MAIL_FROM });
