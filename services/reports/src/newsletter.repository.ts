// Newsletter subscribers (table newsletter_subscribers). Requesting a report subscribes the address
// (spec §1); an address that unsubscribed stays unsubscribed — only its owner's own click changes that.
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, NewsletterSubscribersTable } from '@bodymetrics/db';
import { normaliseEmail } from './submission-hash';
import { asDate } from './timestamps';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewsletterSubscriber {
  email: string;
  name: string | null;
  unsubscribeToken: string;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
}

const toSubscriber = (r: Selectable<NewsletterSubscribersTable>): NewsletterSubscriber => ({
  email: r.email,
  name: r.name,
  unsubscribeToken: r.unsubscribe_token,
  subscribedAt: asDate(r.subscribed_at),
  unsubscribedAt: r.unsubscribed_at,
});

/** 256 random bits, url-safe: the only key to the unsubscribe link, so it must not be guessable. */
export const newUnsubscribeToken = () => randomBytes(32).toString('base64url');

/**
 * Subscribes the address if it is new; an existing row (subscribed or unsubscribed) is left as it is.
 * Returns the row either way, for the unsubscribe link of the mail.
 */
export async function subscribeToNewsletter(
  db: Executor,
  { email, name }: { email: string; name: string },
): Promise<NewsletterSubscriber> {
  const address = normaliseEmail(email);
  await db
    .insertInto('newsletter_subscribers')
    .values({ email: address, name, unsubscribe_token: newUnsubscribeToken(), unsubscribed_at: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const row = await db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email', '=', address)
    .executeTakeFirstOrThrow();
  return toSubscriber(row);
}

export async function findSubscriber(db: Executor, email: string): Promise<NewsletterSubscriber | null> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return row ? toSubscriber(row) : null;
}

/** Marks the token's address unsubscribed (keeping the first time it happened); null for an unknown token. */
export async function unsubscribeByToken(db: Executor, token: string): Promise<NewsletterSubscriber | null> {
  const row = await db
    .updateTable('newsletter_subscribers')
    .set((eb) => ({ unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.fn<Date>('now', [])) }))
    .where('unsubscribe_token', '=', token)
    .returningAll()
    .executeTakeFirst();
  return row ? toSubscriber(row) : null;
}

/** Everyone a newsletter may be sent to: subscribed and never unsubscribed. */
export async function newsletterRecipients(db: Executor): Promise<NewsletterSubscriber[]> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('unsubscribed_at', 'is', null)
    .orderBy('subscribed_at')
    .orderBy('email')
    .execute();
  return rows.map(toSubscriber);
}
