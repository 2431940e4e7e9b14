// The sponsored offers (spec §3 "Affiliate offer"), fetched once and cached for the page's life.
import { useQuery } from '@tanstack/react-query';
import { queryClient } from './query-client';

export interface AffiliateOffer {
  id: number;
  title: string;
  description: string;
  url: string;
  /** The same link under the name the bridge page uses. */
  affiliateUrl?: string | null;
  imageUrl?: string | null;
  bmiCategory: string;
  goal: string;
  clicks?: number;
  active?: boolean | number;
}

export const OFFERS_PATH = '/api/affiliate-offers/all';

export function useOffers() {
  return useQuery<AffiliateOffer[]>({
    queryKey: [OFFERS_PATH],
    select: (offers) => offers.filter((offer) => offer.active !== false && offer.active !== 0),
  });
}

/** Started when the form is submitted, so the bridge has its offers when the animation ends. */
export function prefetchOffers(): void {
  void queryClient.prefetchQuery({ queryKey: [OFFERS_PATH] });
}

/** Where an offer leads: only http(s) links are ever rendered, whatever the data says. */
export function offerLink(offer: Pick<AffiliateOffer, 'url' | 'affiliateUrl'>): string | null {
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
