import { describe, expect, it } from 'vitest';
import { seedLegalPages } from '@bodymetrics/db';
import { sanitizeLegalHtml } from './sanitize-legal-html';

describe('sanitizeLegalHtml', () => {
  it('keeps headings, paragraphs, lists, emphasis and safe links', () => {
    const html =
      '<h2>Rights</h2><p>Write to <a href="mailto:a@example.com">us</a> or see <a href="https://example.org/x">this</a> and <a href="/legal/privacy">privacy</a>.</p><ol><li><strong>a</strong></li><li><em>b</em><br></li></ol>';
    expect(sanitizeLegalHtml(html)).toBe(
      '<h2>Rights</h2><p>Write to <a href="mailto:a@example.com">us</a> or see <a href="https://example.org/x">this</a> and <a href="/legal/privacy">privacy</a>.</p><ol><li><strong>a</strong></li><li><em>b</em><br /></li></ol>',
    );
  });

  it.each([
    ['a script with its body', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['an event handler', '<p onclick="steal()">Hi</p><img src="x" onerror="steal()">', '<p>Hi</p>'],
    ['a javascript: link', '<a href="javascript:steal()">click</a>', '<a>click</a>'],
    ['an obfuscated javascript: link', '<a href="JaVaScRiPt&colon;steal()">click</a>', '<a>click</a>'],
    ['a plain-http link', '<a href="http://example.com">x</a>', '<a>x</a>'],
    ['a protocol-relative link', '<a href="//evil.example.com">x</a>', '<a>x</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    [
      'styles and frames',
      '<style>p{}</style><iframe src="https://evil.example.com"></iframe><p style="color:red">t</p>',
      '<p>t</p>',
    ],
    [
      'link attributes beyond href',
      '<a href="https://example.com" target="_blank" onmouseover="x()">x</a>',
      '<a href="https://example.com">x</a>',
    ],
  ])('removes %s', (_what, input, expected) => {
    expect(sanitizeLegalHtml(input)).toBe(expected);
  });

  it.each(seedLegalPages.map((p) => [p.slug, p.content] as const))(
    'leaves the shipped %s page intact',
    (_slug, content) => {
      expect(sanitizeLegalHtml(content)).toBe(content);
    },
  );
});
