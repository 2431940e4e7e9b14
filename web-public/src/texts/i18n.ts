// The visitor app's texts (@nanostores/i18n): each screen declares its English texts beside it (texts/*.ts,
// in that screen's chunk, so English costs no extra download), and the Romanian catalogue is one chunk of
// its own (texts/ro.ts), fetched only when Romanian is shown. Numbers and dates: texts/format.ts.
import { createI18n } from '@nanostores/i18n';
import { atom, type ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';
import { initialLanguage, rememberLanguage, type Language } from './language';

export const language = atom<Language>('en');

async function loadCatalogue(code: Language) {
  return code === 'ro' ? (await import('./ro')).roCatalogue : {};
}

export const i18n = createI18n<Language, 'en'>(language, { baseLocale: 'en', get: loadCatalogue });

/** Shows the page in that language: its catalogue first (no English flash), then `<html lang>`. */
export async function showLanguage(code: Language): Promise<void> {
  if (code !== 'en' && !i18n.cache[code]) i18n.cache[code] = await loadCatalogue(code);
  language.set(code);
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/** The visitor's switch: shown now and kept for the visit. */
export function chooseLanguage(code: Language): Promise<void> {
  rememberLanguage(code);
  return showLanguage(code);
}

/** Before the first render: the visit's language, its catalogue already here. */
export function startLanguage(): Promise<void> {
  return showLanguage(initialLanguage());
}

/**
 * A store's value, re-rendered when it changes: what @nanostores/react's useStore does, without its
 * per-key listening that this app does not use (half a kilobyte less in the first download).
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(
    (changed) => store.listen(changed),
    () => store.get(),
  );
}

/** No texts (yet): for a part whose texts arrive with its code. */
export const noTexts: ReadableAtom<Partial<Record<string, string>>> = atom({});

/** A screen's texts in the shown language (re-rendered on a switch). */
export function useTexts<T>(texts: ReadableAtom<T>): T {
  return useStore(texts);
}

export function useLanguage(): Language {
  return useStore(language);
}
