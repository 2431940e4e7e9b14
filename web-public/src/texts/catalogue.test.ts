// Every text the visitor sees exists in both languages: each screen's English texts (declared beside the
// screens, gathered here through the i18n cache) against the Romanian catalogue, key for key.
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { roCatalogue } from './ro';

// Loading every texts module declares its English texts in the cache.
const modules = import.meta.glob(['./*.ts', '!./*.test.ts', '!./ro.ts', '!./i18n.ts'], { eager: true });
const english = i18n.cache.en as unknown as Record<string, Record<string, unknown>>;
const romanian = roCatalogue as unknown as Record<string, Record<string, unknown>>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  it('have the same screens in English and Romanian', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(3);
    expect(Object.keys(romanian).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(Object.keys(english))('%s: every key in both, no empty text, the same placeholders', (screen) => {
    const en = english[screen] ?? {};
    const ro = romanian[screen] ?? {};
    expect(Object.keys(ro).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      const [enText, roText] = [en[key], ro[key]];
      expect(typeof enText === 'string' && enText.trim() !== '', `${screen}.${key} in English`).toBe(true);
      expect(typeof roText === 'string' && roText.trim() !== '', `${screen}.${key} in Romanian`).toBe(true);
      expect(placeholders(roText as string), `${screen}.${key} placeholders`).toEqual(
        placeholders(enText as string),
      );
    }
  });

  it('write Romanian with comma-below ș and ț, never the cedilla look-alikes ş and ţ', () => {
    expect(JSON.stringify(roCatalogue)).not.toMatch(/[şţŞŢ]/);
    expect(JSON.stringify(roCatalogue)).toMatch(/[șț]/);
  });
});
