import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../lib/storage';
import { initialLanguage, LANGUAGE_KEY, languageFromPreferences, rememberLanguage } from './language';

describe("the visitor's language", () => {
  it.each([
    [['ro-RO', 'en-US'], 'ro'],
    [['ro'], 'ro'],
    [['RO-md'], 'ro'],
    [['en-US', 'ro-RO'], 'en'],
    [['de-DE'], 'en'],
    [['rom'], 'en'],
    [[], 'en'],
  ] as const)('browser preference %j → %s', (preferred, expected) => {
    expect(languageFromPreferences(preferred)).toBe(expected);
  });

  it('a choice made during the visit wins over the browser preference, and an unknown stored value does not', () => {
    const session = memoryStorage();
    expect(initialLanguage(session, ['ro-RO'])).toBe('ro');
    rememberLanguage('en', session);
    expect(initialLanguage(session, ['ro-RO'])).toBe('en');
    session.setItem(LANGUAGE_KEY, 'fr');
    expect(initialLanguage(session, ['ro-RO'])).toBe('ro');
  });
});
