// The parts of an offer both the bridge and the results cards show: its picture (from https only) and its
// sponsored link, which opens in a new tab and counts a click (a middle click too) with a click id of its own.
import type { ReactNode } from 'react';
import { newOfferClick, offerImage, offerLinkWithClickId, type AffiliateOffer } from './offers';

export function OfferImage({
  offer,
  className,
  width,
  height,
}: {
  offer: AffiliateOffer;
  className: string;
  width: number;
  height: number;
}) {
  const image = offerImage(offer);
  if (!image) return null;
  return <img className={className} src={image} alt="" width={width} height={height} loading="lazy" />;
}

/** Nothing when the offer has no usable link. `onClicked` gets the address followed and the click's id. */
export function OfferLink({
  offer,
  shownClickId,
  className,
  describedBy,
  onClicked,
  children,
}: {
  offer: AffiliateOffer;
  /** The id the link shows before a click; each click puts a new one in (newOfferClick). */
  shownClickId: string;
  className: string;
  describedBy: string;
  onClicked: (opened: { clickId: string; href: string }) => void;
  children: ReactNode;
}) {
  const href = offerLinkWithClickId(offer, shownClickId);
  if (!href) return null;
  const click = (link: HTMLAnchorElement) => {
    const opened = newOfferClick(link, offer);
    if (opened) onClicked(opened);
  };
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="sponsored noopener"
      aria-describedby={describedBy}
      onClick={(event) => click(event.currentTarget)}
      onAuxClick={(event) => {
        if (event.button === 1) click(event.currentTarget);
      }}
    >
      {children}
    </a>
  );
}
