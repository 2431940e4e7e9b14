import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('writes each of & < > " \' as its entity, so data can stand in element content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('writes a number as its text and leaves other text as it is', () => {
    expect(escapeHtml(42.5)).toBe('42.5');
    expect(escapeHtml('Bună ziua — 100%')).toBe('Bună ziua — 100%');
  });
});
