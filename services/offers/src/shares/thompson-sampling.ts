// Which offer of a segment earns the most per impression, estimated by Thompson sampling: each offer's
// conversion rate per impression is Beta(1 + conversions, 1 + impressions − conversions) (a uniform prior
// updated by what it did over the share window), times its mean payout. Each draw takes one sample of every
// offer; the offer with the highest sample wins the draw. An offer's probability of being best is the share
// of draws it won; the 2.5th and 97.5th percentiles of its samples are the 95 % credible interval of its
// revenue per impression. The Beta variates come from @stdlib's generator, which can be seeded (tests).
import beta from '@stdlib/random-base-beta';

/** A Beta(α, β) variate. */
export type BetaDraw = (alpha: number, beta: number) => number;

/** How many draws each computation takes: enough for a probability to about ±1 %. */
export const defaultDraws = 4_000;

/** Beta variates from @stdlib's Mersenne Twister: seeded, the same sequence every time; unseeded, random. */
export function betaDraws(seed?: number): BetaDraw {
  return seed === undefined ? beta.factory() : beta.factory({ seed });
}

/** What an offer did over the share window. */
export interface OfferEvidence {
  offerId: number;
  impressions: number;
  conversions: number;
  /** Its conversions' payouts, summed. */
  revenue: number;
}

export interface OfferEstimate {
  offerId: number;
  probabilityBest: number;
  revenuePerImpressionLow: number;
  revenuePerImpressionHigh: number;
}

/**
 * The payout each offer's conversions are valued at: its own mean over the window; an offer without a
 * conversion yet takes its segment's mean, and a segment without any takes 1 (the offers are then compared
 * by conversion rate alone).
 */
export function meanPayouts(offers: readonly OfferEvidence[]): number[] {
  const conversions = offers.reduce((sum, o) => sum + o.conversions, 0);
  const revenue = offers.reduce((sum, o) => sum + o.revenue, 0);
  const segmentMean = conversions > 0 ? revenue / conversions : 1;
  return offers.map((o) => (o.conversions > 0 ? o.revenue / o.conversions : segmentMean));
}

/** The sample at quantile `q` (0..1) of sorted samples, by the nearest rank below. */
const quantileOf = (sorted: Float64Array, q: number): number =>
  sorted[Math.floor(q * (sorted.length - 1))] ?? 0;

/** Each offer's probability of earning the most per impression, and its revenue per impression's interval. */
export function estimateOffers(
  offers: readonly OfferEvidence[],
  draw: BetaDraw,
  draws = defaultDraws,
): OfferEstimate[] {
  const payouts = meanPayouts(offers);
  const shapes = offers.map((o) => ({
    alpha: 1 + o.conversions,
    // A conversion counts per click, an impression once a visitor a day: more conversions than impressions
    // is possible, and says the rate is high, not negative.
    beta: 1 + Math.max(0, o.impressions - o.conversions),
  }));
  const samples = offers.map(() => new Float64Array(draws));
  const wins = offers.map(() => 0);
  for (let d = 0; d < draws; d++) {
    let best = -Infinity;
    let bestOffers: number[] = [];
    for (let i = 0; i < offers.length; i++) {
      const value = draw(shapes[i]!.alpha, shapes[i]!.beta) * payouts[i]!;
      samples[i]![d] = value;
      if (value > best) {
        best = value;
        bestOffers = [i];
      } else if (value === best) bestOffers.push(i);
    }
    // A tie (offers paying nothing) is shared: the probabilities still sum to 1.
    for (const i of bestOffers) wins[i]! += 1 / bestOffers.length;
  }
  return offers.map((o, i) => {
    const sorted = samples[i]!.sort();
    return {
      offerId: o.offerId,
      probabilityBest: draws > 0 ? wins[i]! / draws : 1 / offers.length,
      revenuePerImpressionLow: quantileOf(sorted, 0.025),
      revenuePerImpressionHigh: quantileOf(sorted, 0.975),
    };
  });
}
