// Thompson sampling with a seeded generator: the same seed gives the same answer, and every case below can
// be checked by hand (means and standard deviations of Beta distributions).
import { describe, expect, it } from 'vitest';
import { segmentShares } from './segment-shares';
import { betaDraws, estimateOffers, meanPayouts, type OfferEvidence } from './thompson-sampling';

const seed = 20_261_128;
const offer = (
  offerId: number,
  impressions: number,
  conversions: number,
  revenue: number,
): OfferEvidence => ({
  offerId,
  impressions,
  conversions,
  revenue,
});

describe('meanPayouts', () => {
  it('values an offer’s conversions at its own mean payout, else its segment’s, else 1', () => {
    expect(meanPayouts([offer(1, 100, 4, 40), offer(2, 100, 0, 0)])).toEqual([10, 10]);
    expect(meanPayouts([offer(1, 100, 2, 10), offer(2, 100, 2, 30)])).toEqual([5, 15]);
    expect(meanPayouts([offer(1, 100, 0, 0), offer(2, 0, 0, 0)])).toEqual([1, 1]);
  });
});

describe('estimateOffers (seeded)', () => {
  it('answers the same for the same seed', () => {
    const offers = [offer(1, 200, 5, 50), offer(2, 200, 8, 80)];
    expect(estimateOffers(offers, betaDraws(seed))).toEqual(estimateOffers(offers, betaDraws(seed)));
  });

  it('gives two offers with no evidence even chances, summing to 1', () => {
    const [a, b] = estimateOffers([offer(1, 0, 0, 0), offer(2, 0, 0, 0)], betaDraws(seed));
    expect(a!.probabilityBest + b!.probabilityBest).toBeCloseTo(1, 12);
    // 4,000 fair coin flips: 0.5 ± 3 standard deviations (0.0079 each).
    expect(Math.abs(a!.probabilityBest - 0.5)).toBeLessThan(0.024);
  });

  it('finds the offer converting 3× as often at the same payout the best', () => {
    const [a, b] = estimateOffers([offer(1, 1000, 10, 100), offer(2, 1000, 30, 300)], betaDraws(seed));
    // Beta(11, 991) vs Beta(31, 971): means 1.1 % and 3.1 %, 4.4 standard deviations apart.
    expect(b!.probabilityBest).toBeGreaterThan(0.99);
    expect(a!.probabilityBest).toBeLessThan(0.01);
  });

  it('weighs conversions by payout: 10 % at 10 beats 20 % at 2', () => {
    const [a, b] = estimateOffers([offer(1, 1000, 100, 1000), offer(2, 1000, 200, 400)], betaDraws(seed));
    expect(a!.probabilityBest).toBe(1);
    expect(b!.probabilityBest).toBe(0);
  });

  it('gives the 95 % interval of the revenue per impression: 100 of 1,000 at 2 → about 0.163–0.237', () => {
    // Beta(101, 901): mean 0.1008, sd 0.0095; × 2 → 0.2016 ± 1.96 × 0.019.
    const [estimate] = estimateOffers([offer(1, 1000, 100, 200)], betaDraws(seed));
    expect(estimate!.probabilityBest).toBe(1);
    expect(estimate!.revenuePerImpressionLow).toBeCloseTo(0.1644, 2);
    expect(estimate!.revenuePerImpressionHigh).toBeCloseTo(0.2389, 2);
  });

  it('shares a tie between offers that pay nothing', () => {
    const [a, b] = estimateOffers([offer(1, 100, 5, 0), offer(2, 100, 1, 0)], betaDraws(seed));
    expect(a!.probabilityBest).toBe(0.5);
    expect(b!.probabilityBest).toBe(0.5);
  });
});

describe('segmentShares (seeded)', () => {
  it('gives the clear winner all but the floor: 0.9 and 0.1', () => {
    const shares = segmentShares([offer(1, 1000, 10, 100), offer(2, 1000, 30, 300)], 0.1, betaDraws(seed));
    expect(shares.map((s) => s.offerId)).toEqual([1, 2]);
    expect(shares[0]!.share).toBeCloseTo(0.1, 12);
    expect(shares[1]!.share).toBeCloseTo(0.9, 12);
  });

  it('sums to 1 whatever the evidence', () => {
    const shares = segmentShares(
      [offer(1, 50, 1, 3), offer(2, 80, 4, 20), offer(3, 0, 0, 0), offer(4, 300, 2, 1)],
      0.05,
      betaDraws(seed),
    );
    expect(shares.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 12);
    expect(shares.reduce((sum, s) => sum + s.probabilityBest, 0)).toBeCloseTo(1, 12);
    for (const s of shares) expect(s.share).toBeGreaterThanOrEqual(0.05 - 1e-12);
  });
});
