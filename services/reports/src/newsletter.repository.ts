// Newsletter subscribers (table newsletter_subscribers) and the double opt-in in front of them (table
// newsletter_confirmations). Ticking the box on the report form (spec §1) stores a pending confirmation
// and mails its link; the address is subscribed only when its owner follows that link — so nobody can
// subscribe somebody else's address. An address that unsubscribed stays unsubscribed until its owner
// confirms again.
import { createHash, randomBytes } from 'node:crypto';
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

/** 256 random bits, url-safe: the confirmation link's token. Only its SHA-256 is stored. */
export const newConfirmationToken = () => randomBytes(32).toString('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores a pending subscription for the address; returns the token for the mail's confirmation link. */
export async function createNewsletterConfirmation(
  db: Executor,
  { email, name, ttlMs }: { email: string; name: string; ttlMs: number },
): Promise<string> {
  const token = newConfirmationToken();
  await db
    .insertInto('newsletter_confirmations')
    .values({
      token_hash: tokenHash(token),
      email: normaliseEmail(email),
      name,
      expires_at: new Date(Date.now() + ttlMs),
    })
    .execute();
  return token;
}

/** Confirmations past their expiry hold an address whose owner never said yes: they are not kept. */
export async function deleteExpiredNewsletterConfirmations(db: Executor): Promise<void> {
  await db.deleteFrom('newsletter_confirmations').where('expires_at', '<', new Date()).execute();
}

export type ConfirmationState =
  | { state: 'pending'; email: string }
  | { state: 'used'; email: string }
  | { state: 'expired' }
  | { state: 'unknown' };

/** What the link's token stands for, without using it (the GET page). */
export async function findNewsletterConfirmation(db: Executor, token: string): Promise<ConfirmationState> {
  const row = await db
    .selectFrom('newsletter_confirmations')
    .selectAll()
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.confirmed_at) return { state: 'used', email: row.email };
  if (asDate(row.expires_at).getTime() <= Date.now()) return { state: 'expired' };
  return { state: 'pending', email: row.email };
}

/**
 * Uses the token once: marks it confirmed and subscribes its address (again, if it had unsubscribed —
 * the owner just asked for it). A used, expired or unknown token changes nothing and says which it was.
 */
export type UnusableConfirmation = Exclude<ConfirmationState, { state: 'pending' }>;

export async function confirmNewsletterSubscription(
  db: Kysely<Database>,
  token: string,
): Promise<{ state: 'confirmed'; email: string } | UnusableConfirmation> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('newsletter_confirmations')
      .set({ confirmed_at: new Date() })
      .where('token_hash', '=', tokenHash(token))
      .where('confirmed_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['email', 'name'])
      .executeTakeFirst();
    if (!used) {
      const found = await findNewsletterConfirmation(trx, token);
      // Pending here means it expired between the two statements.
      return found.state === 'pending' ? { state: 'expired' } : found;
    }
    await trx
      .insertInto('newsletter_subscribers')
      .values({
        email: used.email,
        name: used.name,
        unsubscribe_token: newUnsubscribeToken(),
        unsubscribed_at: null,
      })
      .onConflict((oc) =>
        oc
          .column('email')
          .doUpdateSet({ unsubscribed_at: null, subscribed_at: new Date() })
          .where('newsletter_subscribers.unsubscribed_at', 'is not', null),
      )
      .execute();
    return { state: 'confirmed', email: used.email };
  });
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
