import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@bodymetrics/db';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredLegalPage {
  id: number;
  slug: string;
  title: string;
  /** As stored: not yet sanitized. */
  content: string;
  lastUpdated: Date;
}

/** The page in that language (absent: English). */
export async function findLegalPage(
  db: Executor,
  slug: string,
  locale: 'en' | 'ro' = 'en',
): Promise<StoredLegalPage | undefined> {
  const row = await db
    .selectFrom('legal_pages')
    // Selected through sql<Date>: the column's Generated<Timestamp> type selects as a ColumnType, not a Date.
    .select(['id', 'slug', 'title', 'content', sql<Date>`last_updated`.as('last_updated')])
    .where('slug', '=', slug)
    .where('locale', '=', locale)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      slug: row.slug,
      title: row.title,
      content: row.content,
      lastUpdated: row.last_updated,
    }
  );
}
