// What a service hands the mailer: one message, already rendered (HTML and plain text).
export interface MailAddress {
  name?: string;
  address: string;
}

export type Recipient = string | MailAddress;

export interface MailMessage {
  to: Recipient | Recipient[];
  subject: string;
  /** The plain-text part; every message carries one (clients that block HTML still show the report). */
  text: string;
  html?: string;
  replyTo?: Recipient;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'file';
  /** Resolves only once the message is accepted (by the SMTP server, or written to disk); else MailDeliveryError. */
  send(message: MailMessage): Promise<SentMail>;
  /** Resolves when the transport can deliver (SMTP server answers, mail folder writable). */
  verify(): Promise<void>;
  close(): void;
}
