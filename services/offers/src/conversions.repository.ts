// Conversions reported by the networks' postback. One transaction per postback: the
// network transaction is the idempotency key (offer_conversions' primary key), the click is found by the id
// the page put in the offer's URL, and the day's aggregate moves only for a conversion recorded now whose
// click was not a bot's — so the same transaction reported twice, even at the same moment, counts once.
// A conversion of a suspicious click (docs/counting.md: Suspicious click) is recorded and flagged
// (offer_conversions.suspicious_click): its revenue counts — the network paid it — and is kept apart in the
// day's suspicious_conversions / suspicious_revenue, so EPC can leave it out with its click.
// A click brings at most POSTBACK_MAX_CONVERSIONS_PER_CLICK conversions: its row is locked for the count and
// the insert, so postbacks for one click arriving at the same moment are counted one after another.
import { sql } from 'kysely';
import type { Db } from '@bodymetrics/db';

export interface ReportedConversion {
  clickId: string;
  transactionId: string;
  /** The payout as the network wrote it (a decimal string: stored exactly, summed by Postgres). */
  payout: string;
  currency: string;
}

export type ConversionOutcome =
  /** A new conversion (counted, or kept uncounted for a bot's click); `suspicious`: its click was. */
  | { kind: 'recorded'; suspicious: boolean }
  /** The same transaction, as recorded before: nothing changes. */
  | { kind: 'repeated' }
  /** No click has this id (never made, from another site, or its raw row past retention). */
  | { kind: 'unknown-click' }
  /** The transaction id is recorded with another click, payout or currency: nothing changes. */
  | { kind: 'transaction-differs' }
  /** The click has already brought as many conversions as one click may: nothing changes. */
  | { kind: 'click-at-cap'; conversions: number };

export interface ConversionRules {
  /** ANALYTICS_TZ, whose calendar day of the conversion's arrival it counts on. */
  timeZone: string;
  /** POSTBACK_MAX_CONVERSIONS_PER_CLICK. */
  maxConversionsPerClick: number;
}

export async function recordConversion(
  db: Db,
  conversion: ReportedConversion,
  { timeZone, maxConversionsPerClick }: ConversionRules,
): Promise<ConversionOutcome> {
  return db.transaction().execute(async (trx) => {
    const sameAsBefore = async (): Promise<ConversionOutcome | undefined> => {
      const before = await trx
        .selectFrom('offer_conversions')
        .select(['click_id', 'payout', 'currency'])
        .where('transaction_id', '=', conversion.transactionId)
        .executeTakeFirst();
      if (!before) return undefined;
      const same =
        before.click_id === conversion.clickId &&
        Number(before.payout) === Number(conversion.payout) &&
        before.currency === conversion.currency;
      return { kind: same ? 'repeated' : 'transaction-differs' };
    };

    const click = await trx
      .selectFrom('affiliate_clicks')
      .select(['offer_id', 'is_bot', 'suspicious'])
      .where('click_id', '=', conversion.clickId)
      // Click ids are not unique once affiliate_clicks is partitioned by month: the earliest click is the one.
      .orderBy('clicked_at')
      .limit(1)
      // Held to the commit: another postback for this click waits here, then counts this one's conversion.
      .forNoKeyUpdate()
      .executeTakeFirst();

    // Before the click's own rules, so a network repeating a transaction gets its 200 even when the click
    // has since expired or has reached its cap (read under the lock: a repeat that waited sees the first).
    const earlier = await sameAsBefore();
    if (earlier) return earlier;
    if (!click) return { kind: 'unknown-click' };

    const { n } = await trx
      .selectFrom('offer_conversions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('click_id', '=', conversion.clickId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= maxConversionsPerClick) return { kind: 'click-at-cap', conversions: Number(n) };

    const inserted = await trx
      .insertInto('offer_conversions')
      .values({
        transaction_id: conversion.transactionId,
        click_id: conversion.clickId,
        offer_id: click.offer_id,
        payout: conversion.payout,
        currency: conversion.currency,
        is_bot_click: click.is_bot,
        suspicious_click: click.suspicious,
        received_at: sql<Date>`now()`,
        conversion_date: sql<string>`(now() AT TIME ZONE ${timeZone})::date`,
      })
      // The same transaction reported twice at once: the other call's row stands, and this one is a repeat.
      .onConflict((oc) => oc.column('transaction_id').doNothing())
      .returning(['conversion_date'])
      .executeTakeFirst();
    if (!inserted) return (await sameAsBefore()) ?? { kind: 'repeated' };

    // A bot's click converting is kept as a money record, but counted in no figure, like the click itself.
    if (!click.is_bot) {
      await trx
        .insertInto('affiliate_daily_conversions')
        .values({
          date: inserted.conversion_date,
          offer_id: click.offer_id,
          conversions: 1,
          revenue: conversion.payout,
          suspicious_conversions: click.suspicious ? 1 : 0,
          suspicious_revenue: click.suspicious ? conversion.payout : 0,
        })
        .onConflict((oc) =>
          oc.columns(['date', 'offer_id']).doUpdateSet({
            conversions: sql`affiliate_daily_conversions.conversions + 1`,
            revenue: sql`affiliate_daily_conversions.revenue + excluded.revenue`,
            suspicious_conversions: sql`affiliate_daily_conversions.suspicious_conversions + excluded.suspicious_conversions`,
            suspicious_revenue: sql`affiliate_daily_conversions.suspicious_revenue + excluded.suspicious_revenue`,
          }),
        )
        .execute();
    }
    return { kind: 'recorded', suspicious: click.suspicious };
  });
}
