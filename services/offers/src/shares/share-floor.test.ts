// Shares with a floor, checked by hand: raised to the floor, the rest renormalised, always summing to 1.
import { describe, expect, it } from 'vitest';
import { servedShares, sharesWithFloor } from './share-floor';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('sharesWithFloor', () => {
  it('gives the one offer of a segment everything', () => {
    expect(sharesWithFloor([0.3], 0.1)).toEqual([1]);
    expect(sharesWithFloor([], 0.1)).toEqual([]);
  });

  it('keeps probabilities that are all above the floor', () => {
    const shares = sharesWithFloor([0.6, 0.4], 0.1);
    expect(shares[0]).toBeCloseTo(0.6, 12);
    expect(shares[1]).toBeCloseTo(0.4, 12);
  });

  it('raises an offer to the floor and gives the rest to the others: 0.98/0.02 at 0.1 → 0.9/0.1', () => {
    const shares = sharesWithFloor([0.98, 0.02], 0.1);
    expect(shares[0]).toBeCloseTo(0.9, 12);
    expect(shares[1]).toBeCloseTo(0.1, 12);
  });

  it('renormalises the offers above the floor in proportion: 0.5/0.3/0.2 at 0.25 → 0.46875/0.28125/0.25', () => {
    // 0.2 is raised to 0.25; 0.75 is left for 0.5 and 0.3 (sum 0.8): 0.5 ÷ 0.8 × 0.75, 0.3 ÷ 0.8 × 0.75.
    const shares = sharesWithFloor([0.5, 0.3, 0.2], 0.25);
    expect(shares.map((s) => Number(s.toFixed(10)))).toEqual([0.46875, 0.28125, 0.25]);
  });

  it('raises again an offer that the first raise pushed under the floor: 0.7/0.25/0.05 at 0.24 → 0.52/0.24/0.24', () => {
    // 0.05 → 0.24 leaves 0.76 for 0.7 and 0.25 (sum 0.95): 0.56 and 0.2 — now under, so 0.25 → 0.24 too.
    const shares = sharesWithFloor([0.7, 0.25, 0.05], 0.24);
    expect(shares.map((s) => Number(s.toFixed(10)))).toEqual([0.52, 0.24, 0.24]);
  });

  it('gives equal shares when there are more offers than 1 ÷ floor', () => {
    const shares = sharesWithFloor([0.5, 0.2, 0.1, 0.1, 0.05, 0.05, 0, 0, 0, 0, 0, 0], 0.1);
    for (const share of shares) expect(share).toBeCloseTo(1 / 12, 12);
  });

  it('gives offers nobody won equal parts of what is left', () => {
    const shares = sharesWithFloor([0, 0], 0.1);
    expect(shares).toEqual([0.5, 0.5]);
  });

  it('always sums to 1 with no share under the floor', () => {
    const cases = [
      [[0.97, 0.01, 0.01, 0.01], 0.05],
      [[0.4, 0.4, 0.2], 0.5],
      [[0.33, 0.33, 0.34], 0.3],
      [[1, 0, 0, 0, 0], 0.15],
    ] as const;
    for (const [probabilities, floor] of cases) {
      const shares = sharesWithFloor(probabilities, floor);
      expect(sum(shares)).toBeCloseTo(1, 12);
      for (const share of shares)
        expect(share).toBeGreaterThanOrEqual(Math.min(floor, 1 / shares.length) - 1e-12);
    }
  });
});

describe('servedShares', () => {
  it('gives a capped offer’s place to the others in proportion: 0.5/0.3/0.2 without 0.3 → 5/7, 2/7', () => {
    const shares = servedShares([0.5, 0.2], 0.1);
    expect(shares[0]).toBeCloseTo(5 / 7, 12);
    expect(shares[1]).toBeCloseTo(2 / 7, 12);
  });

  it('counts an offer not computed yet at the floor: 0.9 and a new one at 0.1 → 0.9/0.1', () => {
    const shares = servedShares([0.9, undefined], 0.1);
    expect(shares[0]).toBeCloseTo(0.9, 12);
    expect(shares[1]).toBeCloseTo(0.1, 12);
    expect(sum(servedShares([0.45, undefined, 0.2], 0.2))).toBeCloseTo(1, 12);
  });
});
