// Legal pages are HTML the public app renders as HTML; whatever is stored (seeded, or edited by hand in
// the database) reaches the browser through the gateway with nothing that runs or loads: no scripts,
// no event handlers, no javascript: links, no frames or images — text, structure and safe links stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileLegalHtml } from './payloads';
import { get } from './requests';
import { startSystem, type System } from './system';

let system: System;

beforeAll(async () => {
  system = await startSystem({ label: 'legal_html' });
  await system.db
    .insertInto('legal_pages')
    .values({ slug: 'privacy', title: 'Privacy Policy', content: hostileLegalHtml })
    .execute();
});

afterAll(async () => {
  await system?.close();
});

describe('GET /api/legal/privacy through the gateway', () => {
  it('serves the stored page with everything active removed and its text kept', async () => {
    const res = await get(system.gateway, '/api/legal/privacy');
    expect(res.statusCode).toBe(200);
    const { content } = res.json<{ content: string }>();

    for (const banned of [
      '<script',
      'onclick',
      'onerror',
      'onload',
      'onmouseover',
      'javascript:',
      '<img',
      '<svg',
      '<iframe',
      '<form',
      '<input',
      'style=',
      '//evil.example',
    ])
      expect(content.toLowerCase(), banned).not.toContain(banned.toLowerCase());

    expect(content).toContain('<h2>Your data</h2>');
    expect(content).toContain('<p>We keep <strong>very little</strong>.</p>');
    expect(content).toContain('<a href="https://example.org/rights">Your rights</a>');
    expect(content).toContain('<a href="mailto:privacy@bodymetrics.example">Write to us</a>');
    // A link whose target was dropped keeps its words, and no script's text is shown either.
    expect(content).toContain('Click me');
    expect(content).not.toContain('window.__xss');
  });
});
