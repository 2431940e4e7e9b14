// Serving order by share, with a seeded generator: manual keeps the list's order, auto draws without
// replacement in proportion to the shares.
import { describe, expect, it } from 'vitest';
import { servingOrder } from './offer-order';

/** A seeded generator of [0, 1) (mulberry32): the same numbers every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};
const ids = (offers: readonly { id: number }[]) => offers.map((o) => o.id);

describe('servingOrder', () => {
  it("keeps the list's order in a manual segment (no shares)", () => {
    const offers = [
      { id: 3, share: null },
      { id: 1, share: null },
      { id: 2, share: null },
    ];
    expect(ids(servingOrder(offers, sequence(0.99)))).toEqual([3, 1, 2]);
  });

  it('draws the first place by share: 0.05 of 1 falls on A (0.1), 0.95 on B (0.9)', () => {
    const offers = [
      { id: 1, share: 0.1 },
      { id: 2, share: 0.9 },
    ];
    expect(ids(servingOrder(offers, sequence(0.05)))).toEqual([1, 2]);
    expect(ids(servingOrder(offers, sequence(0.95)))).toEqual([2, 1]);
  });

  it('draws each next place among the offers left: 0.5/0.3/0.2 with 0.6, 0.6 → 2, 1, 3', () => {
    const offers = [
      { id: 1, share: 0.5 },
      { id: 2, share: 0.3 },
      { id: 3, share: 0.2 },
    ];
    // First: 0.6 lies past 0.5 and within 0.5 + 0.3 → offer 2. Then 1 and 3 (total 0.7): 0.6 × 0.7 = 0.42 < 0.5 → offer 1.
    expect(ids(servingOrder(offers, sequence(0.6, 0.6)))).toEqual([2, 1, 3]);
  });

  it('places every offer once', () => {
    const offers = [0.4, 0.3, 0.2, 0.1].map((share, i) => ({ id: i + 1, share }));
    const random = seeded(7);
    for (let run = 0; run < 100; run++)
      expect(ids(servingOrder(offers, random)).sort()).toEqual([1, 2, 3, 4]);
  });

  it('puts each offer first about as often as its share', () => {
    const offers = [
      { id: 1, share: 0.1 },
      { id: 2, share: 0.6 },
      { id: 3, share: 0.3 },
    ];
    const random = seeded(20_261_128);
    const first = new Map<number, number>();
    const runs = 20_000;
    for (let run = 0; run < runs; run++) {
      const [top] = servingOrder(offers, random);
      first.set(top!.id, (first.get(top!.id) ?? 0) + 1);
    }
    // 20,000 draws: each frequency within 0.015 of its share (over 4 standard deviations).
    for (const offer of offers)
      expect(Math.abs(first.get(offer.id)! / runs - offer.share)).toBeLessThan(0.015);
  });
});
