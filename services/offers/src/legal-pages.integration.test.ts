import { describe, expect } from 'vitest';
import { seedLegalPages, seedLegalPagesRo } from '@bodymetrics/db';
import { it } from './test-support';

describe('GET /api/legal/:slug', () => {
  it.for(seedLegalPages.map((p) => [p.slug, p] as const))(
    'serves the %s page with its title, content and date',
    async ([slug, page], { app }) => {
      const res = await app.inject({ method: 'GET', url: `/api/legal/${slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        slug,
        title: page.title,
        content: page.content,
        lastUpdated: `${page.lastUpdated}T00:00:00.000Z`,
      });
    },
  );

  it.for(seedLegalPagesRo.map((p) => [p.slug, p] as const))(
    '?lang=ro serves the Romanian %s page; ?lang=en and no lang the English one',
    async ([slug, page], { app }) => {
      const ro = await app.inject({ method: 'GET', url: `/api/legal/${slug}?lang=ro` });
      expect(ro.statusCode).toBe(200);
      expect(ro.json()).toEqual({
        id: expect.any(Number),
        slug,
        title: page.title,
        content: page.content,
        lastUpdated: `${page.lastUpdated}T00:00:00.000Z`,
      });
      const english = seedLegalPages.find((p) => p.slug === slug)!;
      expect(page.title).not.toBe(english.title);
      for (const url of [`/api/legal/${slug}?lang=en`, `/api/legal/${slug}`]) {
        expect((await app.inject({ method: 'GET', url })).json<{ title: string }>().title).toBe(
          english.title,
        );
      }
    },
  );

  it('answers 400 naming lang for a language it does not have', async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/api/legal/terms?lang=fr' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('lang');
  });

  it('strips scripts, event handlers and javascript: links from stored content', async ({
    app,
    database,
  }) => {
    await database.db
      .insertInto('legal_pages')
      .values({
        slug: 'tampered',
        title: 'Tampered',
        content:
          '<h2>Hello</h2><script>document.cookie</script><p onclick="steal()">Text <img src=x onerror="steal()"><a href="javascript:steal()">bad</a> <a href="https://example.org/ok">good</a></p>',
      })
      .execute();
    const res = await app.inject({ method: 'GET', url: '/api/legal/tampered' });
    expect(res.statusCode).toBe(200);
    const { content } = res.json<{ content: string }>();
    expect(content).toBe('<h2>Hello</h2><p>Text <a>bad</a> <a href="https://example.org/ok">good</a></p>');
    expect(content).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('answers 404 with the error shape for a page that does not exist', async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/api/legal/imprint' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Legal page "imprint" not found' } });
  });

  it.for(['Terms', 'terms1', 'a'.repeat(41), '..%2Fetc', 'terms%20x'])(
    'answers 400 naming slug for "%s"',
    async (slug, { app }) => {
      const res = await app.inject({ method: 'GET', url: `/api/legal/${slug}` });
      expect(res.statusCode).toBe(400);
      const body = res.json<{
        error: { code: string; message: string; details: Array<{ field: string }> };
      }>();
      expect(body.error.code).toBe('validation_error');
      expect(body.error.message).toMatch(/^slug: /);
      expect(body.error.details[0]?.field).toBe('slug');
    },
  );
});
