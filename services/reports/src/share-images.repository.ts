// Shares and their cards. A card (table share_cards) depends only on the rounded BMI and its category, so
// each distinct card is rendered and stored once, under its content key; a share (table share_images) is
// a small row — id, card, platform, time — that the retention job deletes once it is old.
import type { Kysely, Transaction } from 'kysely';
import type { BmiCategory } from '@bodymetrics/contracts';
import type { Database } from '@bodymetrics/db';
import { asDate } from './timestamps';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ShareImage {
  id: string;
  bmi: number;
  bmiCategory: string;
  platform: string;
  png: Buffer;
  createdAt: Date;
}

/**
 * The card's content key: everything the picture depends on. The "v1/" prefix is the card's design
 * version — a new design gets a new prefix, so old rows never serve a picture of another design.
 */
export const shareCardKey = (bmi: number, bmiCategory: string) => `v1/${bmi.toFixed(1)}/${bmiCategory}`;

export async function hasShareCard(db: Executor, cardKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('share_cards')
    .select('card_key')
    .where('card_key', '=', cardKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores the card unless it is there already (two first requests for one card may race: one wins). */
export async function storeShareCard(
  db: Executor,
  card: { cardKey: string; bmi: number; bmiCategory: BmiCategory; png: Buffer },
): Promise<void> {
  await db
    .insertInto('share_cards')
    .values({ card_key: card.cardKey, bmi: card.bmi, bmi_category: card.bmiCategory, png: card.png })
    .onConflict((oc) => oc.column('card_key').doNothing())
    .execute();
}

export async function storeShare(
  db: Executor,
  share: { id: string; cardKey: string; platform: string },
): Promise<void> {
  await db
    .insertInto('share_images')
    .values({ id: share.id, card_key: share.cardKey, platform: share.platform })
    .execute();
}

export async function findShareImage(db: Executor, id: string): Promise<ShareImage | null> {
  const row = await db
    .selectFrom('share_images as s')
    .innerJoin('share_cards as c', 'c.card_key', 's.card_key')
    .select(['s.id', 'c.bmi', 'c.bmi_category', 's.platform', 'c.png', 's.created_at'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        bmi: Number(row.bmi),
        bmiCategory: row.bmi_category,
        platform: row.platform,
        png: row.png,
        createdAt: asDate(row.created_at),
      }
    : null;
}

/** The card's facts without the image bytes (the share page needs only these). */
export async function findShareCard(
  db: Executor,
  id: string,
): Promise<{ bmi: number; bmiCategory: string } | null> {
  const row = await db
    .selectFrom('share_images as s')
    .innerJoin('share_cards as c', 'c.card_key', 's.card_key')
    .select(['c.bmi', 'c.bmi_category'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  return row ? { bmi: Number(row.bmi), bmiCategory: row.bmi_category } : null;
}
