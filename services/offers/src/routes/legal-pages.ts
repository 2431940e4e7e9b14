// GET /api/legal/:slug (spec §2 "Legal pages"): title, sanitized HTML content and the "Last updated" date.
import { z } from 'zod';
import type { Db } from '@bodymetrics/db';
import { notFound, type App } from '@bodymetrics/service-kit';
import { findLegalPage } from '../legal-pages.repository';
import { sanitizeLegalHtml } from '../sanitize-legal-html';
import { legalPageSchema, legalSlugSchema } from '../schemas';

export function legalPageRoutes(app: App, { db }: { db: Db }): void {
  app.get(
    '/api/legal/:slug',
    {
      schema: {
        params: z.object({ slug: legalSlugSchema }),
        response: { 200: legalPageSchema },
      },
    },
    async (request, reply) => {
      const page = await findLegalPage(db, request.params.slug);
      if (!page) throw notFound(`Legal page "${request.params.slug}"`);
      reply.header('cache-control', 'public, max-age=60');
      return {
        id: page.id,
        slug: page.slug,
        title: page.title,
        content: sanitizeLegalHtml(page.content),
        lastUpdated: page.lastUpdated.toISOString(),
      };
    },
  );
}
