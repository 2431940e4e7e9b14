// A click is accepted only for an offer that exists and is active (issue 13 item 5): an unknown or inactive
// id is a 400 naming the field it came in, and nothing is published. When the offers cannot be read the
// click is answered 503 (retry later), like a bus outage — never 202 for a click nobody checked.
import type { FastifyRequest } from 'fastify';
import { badRequest, serviceUnavailable } from '@bodymetrics/service-kit';
import { OffersUnavailableError, type ActiveOffer, type ActiveOffers } from './active-offers';

export async function checkedOffer(
  offers: ActiveOffers,
  request: FastifyRequest,
  id: number,
  field: 'offerId' | 'id',
): Promise<ActiveOffer> {
  let offer: ActiveOffer | undefined;
  try {
    offer = await offers.find(id);
  } catch (err) {
    if (!(err instanceof OffersUnavailableError)) throw err;
    request.log.warn({ err }, 'offer check failed');
    throw serviceUnavailable('Tracking is temporarily unavailable; please retry');
  }
  if (!offer) throw badRequest(field, 'is not an active offer');
  return offer;
}
