// The annotations' routes: the analytics service registers them behind the admin session; the gateway
// mounts /api/admin/annotations* on analytics with the same-origin rule of every admin write.
import { route } from './route';
import { annotationsPaths } from './route-paths';
import {
  annotationCreateBodySchema,
  annotationDeletedSchema,
  annotationIdParamsSchema,
  annotationListQuerySchema,
  annotationListSchema,
  annotationPatchBodySchema,
  annotationSchema,
} from './annotations';

export const annotationsRoutes = {
  list: route({
    method: 'GET',
    status: 200,
    path: annotationsPaths.list,
    query: annotationListQuerySchema,
    response: annotationListSchema,
  }),
  create: route({
    method: 'POST',
    status: 201,
    path: annotationsPaths.create,
    body: annotationCreateBodySchema,
    response: annotationSchema,
  }),
  update: route({
    method: 'PATCH',
    status: 200,
    path: annotationsPaths.update,
    params: annotationIdParamsSchema,
    body: annotationPatchBodySchema,
    response: annotationSchema,
  }),
  remove: route({
    method: 'DELETE',
    status: 200,
    path: annotationsPaths.remove,
    params: annotationIdParamsSchema,
    response: annotationDeletedSchema,
  }),
} as const;
