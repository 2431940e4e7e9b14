// Report mails per recipient (table report_mail_sends): one row per mail sent, keyed by a hash of the
// normalised address — never a plain copy — so the mailer cannot be used to flood one inbox, whoever
// (and from however many addresses) asks. Kept in Postgres so the count holds in both run modes.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@bodymetrics/db';
import { HttpError } from '@bodymetrics/service-kit';
import type { RouteRateLimit } from './deps';
import { normaliseEmail } from './submission-hash';

export const recipientHash = (email: string) =>
  createHash('sha256').update(normaliseEmail(email)).digest('hex');

export const recipientLimited = (limit: RouteRateLimit) => {
  const hours = Math.round((limit.windowMs / 3_600_000) * 10) / 10;
  return new HttpError(
    429,
    'recipient_rate_limited',
    `This address has already been sent ${limit.max} reports in the last ${hours} hours. Please try again later.`,
    [{ rule: 'reports_per_recipient', max: limit.max, windowMs: limit.windowMs }],
  );
};

/**
 * Counts one report mail to `email`, or throws 429 recipient_rate_limited when the address already got
 * `limit.max` in the window. Call it inside the transaction that sends the mail: the row disappears with
 * a mail the SMTP server refused, and the advisory lock makes two concurrent requests for one address
 * count one after the other (held until that transaction ends).
 */
export async function countReportMail(
  trx: Transaction<Database>,
  email: string,
  limit: RouteRateLimit,
): Promise<void> {
  const hash = recipientHash(email);
  await sql`select pg_advisory_xact_lock(hashtextextended(${hash}, 0))`.execute(trx);
  const since = new Date(Date.now() - limit.windowMs);
  const { n } = await trx
    .selectFrom('report_mail_sends')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('recipient_hash', '=', hash)
    .where('sent_at', '>=', since)
    .executeTakeFirstOrThrow();
  if (Number(n) >= limit.max) throw recipientLimited(limit);
  await trx.insertInto('report_mail_sends').values({ recipient_hash: hash }).execute();
}

/**
 * Deletes the rows older than the window: they count for nobody any more. Its own short statement, before
 * the sending transaction, so no transaction waits on another one's SMTP conversation for these rows.
 */
export async function pruneReportMailSends(db: Kysely<Database>, limit: RouteRateLimit): Promise<void> {
  await db
    .deleteFrom('report_mail_sends')
    .where('sent_at', '<', new Date(Date.now() - limit.windowMs))
    .execute();
}
