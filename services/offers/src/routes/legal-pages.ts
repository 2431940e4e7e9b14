// GET /api/legal/:slug (spec §2 "Legal pages"): title, sanitized HTML content and the "Last updated" date.
// `?lang=ro` answers the Romanian version; without it (or for a page not yet translated) the English one.
import { offersRoutes } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { notFound, routeOptions, type App } from '@bodymetrics/service-kit';
import { findLegalPage } from '../legal-pages.repository';
import { sanitizeLegalHtml } from '../sanitize-legal-html';

export function legalPageRoutes(app: App, { db }: { db: Db }): void {
  app.route({
    ...routeOptions(offersRoutes.legalPage),
    handler: async (request, reply) => {
      const { slug } = request.params;
      const lang = request.query.lang ?? 'en';
      const page =
        (await findLegalPage(db, slug, lang)) ?? (lang === 'en' ? undefined : await findLegalPage(db, slug));
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
  });
}
