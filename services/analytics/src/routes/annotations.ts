// The annotations' admin routes: list by dates, create, change and delete a note on the daily charts, each
// write signed with the logged-in admin's name. Behind the admin session (app.ts); the gateway refuses the
// writes from another origin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { annotationsRoutes } from '@bodymetrics/contracts';
import { badRequest, notFound, routeOptions, unauthorized } from '@bodymetrics/service-kit';
import type { AnalyticsDeps } from '../deps';
import {
  createAnnotation,
  deleteAnnotation,
  findAnnotation,
  listAnnotations,
  updateAnnotation,
} from '../annotations/annotations.repository';

export const annotationsRoutesPlugin: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, deps) => {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const adminName = (session: { username: string } | undefined) => {
    if (!session) throw unauthorized();
    return session.username;
  };

  app.route({
    ...routeOptions(annotationsRoutes.list),
    handler: async (request) => ({ annotations: await listAnnotations(db, request.query) }),
  });

  app.route({
    ...routeOptions(annotationsRoutes.create),
    handler: async (request, reply) => {
      const annotation = await createAnnotation(db, request.body, adminName(request.adminSession));
      return reply.status(201).send(annotation);
    },
  });

  app.route({
    ...routeOptions(annotationsRoutes.update),
    handler: async (request) => {
      const by = adminName(request.adminSession);
      const { id } = request.params;
      const stored = await findAnnotation(db, id);
      if (!stored) throw notFound(`annotation ${id}`);
      const date = request.body.date ?? stored.date;
      // A single day's note moves whole with a new date; a range keeps its end unless a new one is sent.
      const endDate = request.body.endDate ?? (stored.endDate === stored.date ? date : stored.endDate);
      if (endDate < date) throw badRequest('endDate', 'must not be before date');
      const change = { date, endDate, note: request.body.note ?? stored.note };
      const updated = await updateAnnotation(db, id, change, by, now());
      if (!updated) throw notFound(`annotation ${id}`);
      return updated;
    },
  });

  app.route({
    ...routeOptions(annotationsRoutes.remove),
    handler: async (request) => {
      const { id } = request.params;
      if (!(await deleteAnnotation(db, id))) throw notFound(`annotation ${id}`);
      return { deleted: true as const, id };
    },
  });
};
