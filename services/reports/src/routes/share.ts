// Sharing results (spec §7): POST /api/generate-share-image records a share and renders its card the
// first time that card is needed (one stored card per rounded BMI and category, not one per share);
// GET /api/share-images/:id.png serves it; GET /share/:id is the page a shared link opens.
import { createHash, randomBytes } from 'node:crypto';
import { reportsRoutes, shareIdSchema } from '@bodymetrics/contracts';
import { classifyBmi, roundTo } from '@bodymetrics/health';
import { notFound, replyAs, routeOptions, type App } from '@bodymetrics/service-kit';
import type { ReportsContext } from '../deps';
import { limitedPerClient } from '../rate-limits';
import {
  findShareCard,
  findShareImage,
  hasShareCard,
  shareCardKey,
  storeShare,
  storeShareCard,
} from '../share-images.repository';
import { createShareCardCache } from '../share/render-share-card';
import { pageLanguage, VARY_LANGUAGE } from '../pages/page-language';
import { pageTexts } from '../pages/page-texts';
import { renderSharePage, shareImageUrl, sharePageUrl } from '../share/share-page';

/**
 * A fresh url-safe id (128 random bits). The client's uniqueId is mixed in, as the public app expects
 * it to be used, but the randomness alone makes ids unguessable; uniqueId itself is never stored.
 */
function newShareId(uniqueId: string | undefined): string {
  return createHash('sha256')
    .update(uniqueId ?? '')
    .update(randomBytes(16))
    .digest('base64url')
    .slice(0, 22);
}

export function shareRoutes(app: App, ctx: ReportsContext): void {
  const renderCard = createShareCardCache();

  app.route({
    ...routeOptions(reportsRoutes.generateShareImage),
    onRequest: limitedPerClient(ctx.limits.shareImage),
    handler: async (request) => {
      const { results, platform, uniqueId } = request.body;
      // The card shows the BMI to one decimal and the category that number falls in, computed here so a
      // card can never show a number and a category that disagree.
      const bmi = roundTo(results.bmi, 1);
      const bmiCategory = classifyBmi(bmi);
      const cardKey = shareCardKey(bmi, bmiCategory);
      if (!(await hasShareCard(ctx.db, cardKey)))
        await storeShareCard(ctx.db, { cardKey, bmi, bmiCategory, png: await renderCard(bmi, bmiCategory) });
      const id = newShareId(uniqueId);
      await storeShare(ctx.db, { id, cardKey, platform });
      return {
        imageUrl: shareImageUrl(ctx.publicBaseUrl, id),
        shareUrl: sharePageUrl(ctx.publicBaseUrl, id),
      };
    },
  });

  app.route({
    ...routeOptions(reportsRoutes.shareImage),
    handler: async (request, reply) => {
      const match = /^(.+)\.png$/.exec(request.params.name);
      const id = match?.[1];
      const image = id && shareIdSchema.safeParse(id).success ? await findShareImage(ctx.db, id) : null;
      if (!image) throw notFound('Share image');
      // A card never changes once rendered: let browsers and the networks' crawlers cache it for a year.
      return replyAs(reply, reportsRoutes.shareImage)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', image.png.length)
        .send(image.png);
    },
  });

  app.route({
    ...routeOptions(reportsRoutes.sharePage),
    handler: async (request, reply) => {
      const id = request.params.id;
      const card = shareIdSchema.safeParse(id).success ? await findShareCard(ctx.db, id) : null;
      // An unknown id still gets a working page (status 200, the default image): a shared link whose
      // card is gone should still preview the product and lead to the calculator, not to an error.
      const texts = pageTexts(pageLanguage(request.headers['accept-language']));
      return replyAs(reply, reportsRoutes.sharePage)
        .header('cache-control', 'public, max-age=300')
        .header('vary', VARY_LANGUAGE)
        .send(
          renderSharePage({ publicBaseUrl: ctx.publicBaseUrl, card: card ? { id, ...card } : null, texts }),
        );
    },
  });
}
