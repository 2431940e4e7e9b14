// The sponsored offers (spec §3 "Affiliate offer"), fetched once and cached for the page's life.
import { useQuery } from '@tanstack/react-query';
import { offersRoutes, type AffiliateOffer } from '@bodymetrics/contracts';
import { call } from '@bodymetrics/web-kit/api';
import { queryClient } from './query-client';

export type { AffiliateOffer };

export const OFFERS_PATH = offersRoutes.all.path;

const offersQuery = {
  queryKey: [OFFERS_PATH],
  queryFn: () => call(offersRoutes.all),
};

export function useOffers() {
  return useQuery({ ...offersQuery, select: (offers) => offers.filter((offer) => offer.active) });
}

/** Started when the form is submitted, so the bridge has its offers when the animation ends. */
export function prefetchOffers(): void {
  void queryClient.prefetchQuery(offersQuery);
}

/** Where an offer leads: only http(s) links are ever rendered, whatever the data says. */
export function offerLink(offer: { url: string; affiliateUrl?: string | null }): string | null {
  const candidate = offer.affiliateUrl || offer.url;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Only offer images from https (the page's image policy) are shown. */
export function offerImage(offer: Pick<AffiliateOffer, 'imageUrl'>): string | null {
  if (!offer.imageUrl) return null;
  try {
    const url = new URL(offer.imageUrl, location.href);
    return url.protocol === 'https:' || url.origin === location.origin ? url.href : null;
  } catch {
    return null;
  }
}
