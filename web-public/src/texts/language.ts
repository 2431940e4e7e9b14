// The visitor's language: Romanian when the browser prefers any Romanian (ro, ro-RO, ro-MD), else English.
// A choice made with the header's RO / EN switch is kept for the visit in session storage — a preference
// needed for the page to work as asked, gone when the tab closes, so it needs no storage consent.
import { browserStorage, type KeyValueStorage } from '../lib/storage';

export const LANGUAGES = ['en', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = 'bm_language';

/** The BCP 47 locale each language formats numbers, units and dates with (ro-RO: comma decimals). */
export const FORMAT_LOCALE: Record<Language, string> = { en: 'en-US', ro: 'ro-RO' };

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ro';
}

export function languageFromPreferences(preferred: readonly string[] | undefined): Language {
  const first = preferred?.[0];
  return first !== undefined && /^ro\b/i.test(first) ? 'ro' : 'en';
}

/** The visit's chosen language if one was chosen, else the browser's preference. */
export function initialLanguage(
  session: KeyValueStorage = browserStorage('sessionStorage'),
  preferred: readonly string[] | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.languages,
): Language {
  const chosen = session.getItem(LANGUAGE_KEY);
  return isLanguage(chosen) ? chosen : languageFromPreferences(preferred);
}

export function rememberLanguage(language: Language, session = browserStorage('sessionStorage')): void {
  session.setItem(LANGUAGE_KEY, language);
}
