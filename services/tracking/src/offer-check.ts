// A click (or an impression) is accepted only for an offer that exists and is active: an unknown or inactive
// id is a 400 naming the field it came in, and nothing is published. When the offers cannot be read the
// click is answered 503 (retry later), like a bus outage — never 202 for a click nobody checked.
import type { FastifyRequest } from 'fastify';
import { badRequest, serviceUnavailable } from '@bodymetrics/service-kit';
import { OffersUnavailableError, type ActiveOffer, type ActiveOffers } from './active-offers';

/** An offer's check that Postgres could not answer: 503 (retry later), never a 202 nobody checked. */
async function found(
  offers: ActiveOffers,
  request: FastifyRequest,
  id: number,
): Promise<ActiveOffer | undefined> {
  try {
    return await offers.find(id);
  } catch (err) {
    if (!(err instanceof OffersUnavailableError)) throw err;
    request.log.warn({ err }, 'offer check failed');
    throw serviceUnavailable('Tracking is temporarily unavailable; please retry');
  }
}

export async function checkedOffer(
  offers: ActiveOffers,
  request: FastifyRequest,
  id: number,
  field: 'offerId' | 'id',
): Promise<ActiveOffer> {
  const offer = await found(offers, request, id);
  if (!offer) throw badRequest(field, 'is not an active offer');
  return offer;
}

/**
 * Every offer of an impression call, checked like a click's: one unknown or inactive id
 * refuses the whole call (400 naming `offerIds` and the first such id), so nothing of it is counted.
 */
export async function checkedOffers(
  offers: ActiveOffers,
  request: FastifyRequest,
  ids: readonly number[],
): Promise<ActiveOffer[]> {
  const checked: ActiveOffer[] = [];
  for (const id of ids) {
    const offer = await found(offers, request, id);
    if (!offer) throw badRequest('offerIds', `${id} is not an active offer`);
    checked.push(offer);
  }
  return checked;
}
