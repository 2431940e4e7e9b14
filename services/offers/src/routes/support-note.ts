// GET /api/affiliate-offers/support-note: the eating-disorder support note the bridge and the results show
// in place of sponsored offers for a BMI under 17.5. The text is the operator's (EATING_DISORDER_SUPPORT_TEXT)
// so it can name the country's helpline; the default names none, as no number is right everywhere.
import { offersRoutes } from '@bodymetrics/contracts';
import { routeOptions, type App } from '@bodymetrics/service-kit';

export const defaultSupportNote =
  'If food, eating or your weight are worrying you, you are not alone. A doctor or a national eating-disorder support line can listen and help, in confidence.';

export function supportNoteRoute(app: App, { text }: { text: string }): void {
  app.route({
    ...routeOptions(offersRoutes.supportNote),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { text };
    },
  });
}
