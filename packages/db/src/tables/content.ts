// The site's own texts the offers service serves (legal pages), seeded at start and kept across resets.
import type { Generated } from 'kysely';
import type { DefaultTimestamp } from './columns';

export interface LegalPagesTable {
  id: Generated<number>;
  slug: string;
  /** 'en' or 'ro': the page's language (one row per slug and language). */
  locale: Generated<string>;
  title: string;
  content: string;
  last_updated: DefaultTimestamp;
}

export interface ContentTables {
  legal_pages: LegalPagesTable;
}
