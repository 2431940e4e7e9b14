// The operator's offer management: the offers service registers these behind the admin
// session, the dashboard's "Oferte" tab calls them through the typed client.
import {
  adminOfferParamsSchema,
  adminOfferSchema,
  adminOffersResponseSchema,
  offerFieldsSchema,
  offerPatchSchema,
} from './admin-offers';
import {
  offerSegmentParamsSchema,
  offerSegmentSchema,
  offerSegmentSettingsSchema,
  offerSegmentsResponseSchema,
} from './offer-segments';
import { route } from './route';
import { adminOffersPaths } from './route-paths';

export const adminOffersRoutes = {
  list: route({
    method: 'GET',
    status: 200,
    path: adminOffersPaths.list,
    response: adminOffersResponseSchema,
  }),
  create: route({
    method: 'POST',
    status: 200,
    path: adminOffersPaths.create,
    body: offerFieldsSchema,
    response: adminOfferSchema,
  }),
  update: route({
    method: 'PATCH',
    status: 200,
    path: adminOffersPaths.update,
    params: adminOfferParamsSchema,
    body: offerPatchSchema,
    response: adminOfferSchema,
  }),
  segments: route({
    method: 'GET',
    status: 200,
    path: adminOffersPaths.segments,
    response: offerSegmentsResponseSchema,
  }),
  updateSegment: route({
    method: 'PUT',
    status: 200,
    path: adminOffersPaths.updateSegment,
    params: offerSegmentParamsSchema,
    body: offerSegmentSettingsSchema,
    response: offerSegmentSchema,
  }),
} as const;
