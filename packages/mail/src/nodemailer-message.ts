// Maps our MailMessage onto nodemailer's options, shared by the SMTP and the file transport so both
// produce byte-for-byte the same kind of message.
import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mail-message';

export function toNodemailerOptions(from: string, message: MailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    headers: message.headers,
  };
}
