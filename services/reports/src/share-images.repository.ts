// Rendered share cards (table share_images): the PNG bytes a social network fetches for og:image.
import type { Kysely, Transaction } from 'kysely';
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

export async function storeShareImage(
  db: Executor,
  image: { id: string; bmi: number; bmiCategory: string; platform: string; png: Buffer },
): Promise<void> {
  await db
    .insertInto('share_images')
    .values({
      id: image.id,
      bmi: image.bmi,
      bmi_category: image.bmiCategory,
      platform: image.platform,
      png: image.png,
    })
    .execute();
}

export async function findShareImage(db: Executor, id: string): Promise<ShareImage | null> {
  const row = await db.selectFrom('share_images').selectAll().where('id', '=', id).executeTakeFirst();
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
    .selectFrom('share_images')
    .select(['bmi', 'bmi_category'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { bmi: Number(row.bmi), bmiCategory: row.bmi_category } : null;
}
