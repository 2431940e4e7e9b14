// The one error a mailer throws: the message did not reach the SMTP server (or the disk). Callers map
// it to 502 "mail_delivery_failed"; the underlying cause stays for the logs.
export class MailDeliveryError extends Error {
  /** nodemailer's error code when there is one (ECONNECTION, ETIMEDOUT, EENVELOPE, EMESSAGE…). */
  readonly code: string | undefined;
  /** The SMTP reply code when the server answered with a refusal. */
  readonly responseCode: number | undefined;

  constructor(message: string, options: { cause?: unknown; code?: string; responseCode?: number } = {}) {
    super(message, { cause: options.cause });
    this.name = 'MailDeliveryError';
    this.code = options.code;
    this.responseCode = options.responseCode;
  }

  static from(err: unknown): MailDeliveryError {
    if (err instanceof MailDeliveryError) return err;
    const e = err as { message?: unknown; code?: unknown; responseCode?: unknown };
    const detail = typeof e?.message === 'string' ? e.message : String(err);
    return new MailDeliveryError(`Mail delivery failed: ${detail}`, {
      cause: err,
      code: typeof e?.code === 'string' ? e.code : undefined,
      responseCode: typeof e?.responseCode === 'number' ? e.responseCode : undefined,
    });
  }
}
