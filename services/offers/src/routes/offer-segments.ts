// GET /api/admin/offer-segments and PUT /api/admin/offer-segments/:bmiCategory/:goal: each segment's
// rotation as the operator reads it, and its mode and floor as the operator sets them. Registered inside the
// admin-session scope (app.ts), beside the offer management. A change is recorded (who, when, what) and the
// shares computed again at once, so the answer — and the public list — already rotate the new way.
import { adminOffersRoutes } from '@bodymetrics/contracts';
import { routeOptions } from '@bodymetrics/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSegments, saveSegmentSettings } from '../offer-segments.repository';
import { adminIdOf, type AdminOfferRoutesOptions } from './admin-offers';

export const offerSegmentRoutes: FastifyPluginAsyncZod<AdminOfferRoutesOptions> = async (
  app,
  { db, recomputeShares },
) => {
  app.route({
    ...routeOptions(adminOffersRoutes.segments),
    handler: async () => listSegments(db),
  });

  app.route({
    ...routeOptions(adminOffersRoutes.updateSegment),
    handler: async (request) => {
      const { bmiCategory, goal } = request.params;
      if (await saveSegmentSettings(db, adminIdOf(request), { bmiCategory, goal }, request.body))
        await recomputeShares();
      const segments = await listSegments(db);
      return segments.find((s) => s.bmiCategory === bmiCategory && s.goal === goal)!;
    },
  });
};
