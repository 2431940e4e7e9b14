// One segment's rotation: its active offers' probabilities of being best (thompson-sampling.ts) turned into
// shares with the segment's floor (share-floor.ts).
import { sharesWithFloor } from './share-floor';
import { estimateOffers, type BetaDraw, type OfferEstimate, type OfferEvidence } from './thompson-sampling';

export interface OfferShare extends OfferEstimate {
  share: number;
}

export function segmentShares(
  offers: readonly OfferEvidence[],
  floor: number,
  draw: BetaDraw,
  draws?: number,
): OfferShare[] {
  const estimates = estimateOffers(offers, draw, draws);
  const shares = sharesWithFloor(
    estimates.map((e) => e.probabilityBest),
    floor,
  );
  return estimates.map((estimate, i) => ({ ...estimate, share: shares[i]! }));
}
