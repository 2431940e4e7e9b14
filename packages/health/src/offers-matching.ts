// Which affiliate offers a visitor sees (spec §4): same BMI category (case-insensitive) and same goal.
// Never a weight-loss offer for an underweight result, even one stored before the offers admin refused
// that pairing (offerPairingProblem in @bodymetrics/contracts).
import { bmiCategoryKind } from './enums';

export interface MatchableOffer {
  bmiCategory: string;
  goal: string;
}

/**
 * Keeps the offers' order. `limit` caps the count (the bridge page passes BRIDGE_OFFER_LIMIT, 3);
 * without it every match is returned.
 */
export function matchOffers<Offer extends MatchableOffer>(
  offers: readonly Offer[],
  bmiCategory: string,
  goal: string,
  limit?: number,
): Offer[] {
  const category = bmiCategory.toLowerCase();
  const underweight = bmiCategoryKind(bmiCategory) === 'underweight';
  const matches = offers.filter(
    (offer) =>
      offer.bmiCategory.toLowerCase() === category &&
      offer.goal === goal &&
      !(underweight && offer.goal === 'weight_loss'),
  );
  return limit === undefined ? matches : matches.slice(0, Math.max(0, Math.floor(limit)));
}
