// Shares from probabilities: each offer's share of its segment's rotation is its probability of being best,
// but never under the segment's floor, so an offer that is behind keeps being shown and can still catch up
// (none starves); the offers above the floor share the rest in proportion to their probabilities. With more
// offers than 1 ÷ floor, the floor is 1 ÷ offers (equal shares).

/** Shares (summing to 1) for probabilities of being best, none below `floor`. */
export function sharesWithFloor(probabilities: readonly number[], floor: number): number[] {
  const n = probabilities.length;
  if (n === 0) return [];
  const least = Math.min(floor, 1 / n);
  const atFloor = new Set<number>();
  for (;;) {
    const free = probabilities.map((_, i) => i).filter((i) => !atFloor.has(i));
    const mass = 1 - least * atFloor.size;
    const freeSum = free.reduce((sum, i) => sum + probabilities[i]!, 0);
    const shareOf = (i: number) => (freeSum > 0 ? (probabilities[i]! / freeSum) * mass : mass / free.length);
    // Raising an offer to the floor takes from the others, which may push another under it: repeat.
    const under = free.filter((i) => shareOf(i) < least);
    if (under.length === 0) return probabilities.map((_, i) => (atFloor.has(i) ? least : shareOf(i)));
    for (const i of under) atFloor.add(i);
    // Only when rounding leaves every offer under 1 ÷ n: equal shares.
    if (atFloor.size === n) return probabilities.map(() => 1 / n);
  }
}

/**
 * The shares of the offers a segment serves now, in proportion to their stored shares and summing to 1:
 * an offer that left (capped for today) gives its place to the others; one the last computation has not seen
 * yet (just created or switched on) counts at the floor until the next.
 */
export function servedShares(stored: readonly (number | undefined)[], floor: number): number[] {
  const weights = stored.map((share) => share ?? floor);
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => (total > 0 ? w / total : 1 / weights.length));
}
