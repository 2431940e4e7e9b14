// The order the bridge and the results page show a segment's offers in (docs/counting.md: Share). In a
// manual segment the offers carry no share and keep the list's order, the operator's. In an auto segment
// each position is drawn in proportion to the shares of the offers not placed yet (weighted random without
// replacement): the first place goes to each offer with the probability of its share, and the bridge's
// three places to the first three drawn. One draw per page view, kept while the page is shown.
import { useMemo } from 'react';

interface Shared {
  id: number;
  share: number | null;
}

/** The offers in serving order; `random` gives numbers in [0, 1) (Math.random unless a test gives one). */
export function servingOrder<Offer extends Shared>(
  offers: readonly Offer[],
  random: () => number = Math.random,
): Offer[] {
  if (offers.some((offer) => offer.share === null)) return [...offers];
  const left = [...offers];
  const order: Offer[] = [];
  while (left.length > 0) {
    const total = left.reduce((sum, offer) => sum + Math.max(0, offer.share!), 0);
    let index = left.length - 1;
    if (total > 0) {
      let point = random() * total;
      for (let i = 0; i < left.length - 1; i++) {
        point -= Math.max(0, left[i]!.share!);
        if (point < 0) {
          index = i;
          break;
        }
      }
    } else index = Math.min(left.length - 1, Math.floor(random() * left.length));
    order.push(...left.splice(index, 1));
  }
  return order;
}

/** servingOrder, drawn once for the offers shown (again only if the offers or their shares change). */
export function useServingOrder<Offer extends Shared>(offers: readonly Offer[]): Offer[] {
  const key = offers.map((offer) => `${offer.id}:${offer.share}`).join(',');
  // The key names what the order depends on: a new array of the same offers keeps the order drawn.
  return useMemo(() => servingOrder(offers), [key]);
}
