export interface SeedLegalPage {
  slug: 'terms' | 'privacy' | 'advertising' | 'cookies' | 'disclaimer';
  /** The page's language; absent = English. */
  locale?: 'en' | 'ro';
  title: string;
  /** HTML using only what the offers service lets through: h2, p, ul/ol/li, a (https, mailto, /path), strong, em. */
  content: string;
  /** The date the text took effect (YYYY-MM-DD); shown as "Last updated". */
  lastUpdated: string;
}
