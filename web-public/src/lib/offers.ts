// The sponsored offers (spec §3 "Affiliate offer"), fetched once and cached for the page's life.
import { useQuery } from '@tanstack/react-query';
import { offersRoutes, offerUrlWithClickId, type AffiliateOffer } from '@bodymetrics/contracts';
import { call } from '@bodymetrics/web-kit/api';
import { randomId } from './ids';
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

/**
 * Where an offer leads for one click: its link with the click's id in place of
 * `{clickId}` (URL-encoded), so the network can name the click in its postback; a link without the
 * placeholder is unchanged.
 */
export function offerLinkWithClickId(
  offer: { url: string; affiliateUrl?: string | null },
  clickId: string,
): string | null {
  return offerLink({
    url: offerUrlWithClickId(offer.url, clickId),
    affiliateUrl: offer.affiliateUrl ? offerUrlWithClickId(offer.affiliateUrl, clickId) : offer.affiliateUrl,
  });
}

/**
 * A click on an offer's link: a new click id, put into the link's address before the browser follows it
 * (the click and auxclick handlers run first), and answered for the click call. The address rendered before
 * the click carries an id too, so a link opened from the context menu is still well formed; that open sends
 * no click call, so its id names no click.
 */
export function newOfferClick(
  link: HTMLAnchorElement,
  offer: { url: string; affiliateUrl?: string | null },
): { clickId: string; href: string } | null {
  const clickId = randomId();
  const href = offerLinkWithClickId(offer, clickId);
  if (!href) return null;
  link.href = href;
  return { clickId, href };
}
