// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { language } from './i18n';
import { followLanguageInHead, RO_HEAD } from './ro-head';

const EN_TITLE = 'BodyMetrics — Free BMI & Body Health Calculator';
const EN_DESCRIPTION = 'Free BMI calculator with body fat.';

function page(): Document {
  const doc = document.implementation.createHTMLDocument(EN_TITLE);
  const meta = doc.createElement('meta');
  meta.name = 'description';
  meta.content = EN_DESCRIPTION;
  doc.head.append(meta);
  return doc;
}
const description = (doc: Document) =>
  doc.querySelector<HTMLMetaElement>('meta[name="description"]')!.content;

afterEach(() => language.set('en'));

describe("the site's title and description in the page's language", () => {
  it('Romanian while the page is Romanian, the English of index.html again after a switch back', () => {
    const doc = page();
    followLanguageInHead(doc);
    expect(doc.title).toBe(EN_TITLE);
    language.set('ro');
    expect(doc.title).toBe(RO_HEAD.title);
    expect(description(doc)).toBe(RO_HEAD.description);
    language.set('en');
    expect(doc.title).toBe(EN_TITLE);
    expect(description(doc)).toBe(EN_DESCRIPTION);
  });

  it("keeps a page's own title (a policy, the not-found page)", () => {
    const doc = page();
    followLanguageInHead(doc);
    doc.title = 'Termeni și condiții | BodyMetrics';
    language.set('ro');
    expect(doc.title).toBe('Termeni și condiții | BodyMetrics');
    expect(description(doc)).toBe(RO_HEAD.description);
  });

  it('comes with the Romanian catalogue: showing Romanian sets the document title', async () => {
    // As in the browser: index.html's title and description are there before the chunk loads.
    document.title = EN_TITLE;
    document.head.append(page().querySelector('meta')!);
    vi.resetModules();
    const fresh = await import('./i18n');
    await fresh.showLanguage('ro');
    expect(document.title).toBe(RO_HEAD.title);
    expect(description(document)).toBe(RO_HEAD.description);
    await fresh.showLanguage('en');
    expect(document.title).toBe(EN_TITLE);
    expect(description(document)).toBe(EN_DESCRIPTION);
  });
});
