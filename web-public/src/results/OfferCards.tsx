// Sponsored offers on the results page (spec §2, §4): the offers for the visitor's BMI category and goal.
import { matchOffers, type Goal } from '@bodymetrics/health';
import { useRef } from 'react';
import { randomId } from '../lib/ids';
import { newOfferClick, offerImage, offerLinkWithClickId, type AffiliateOffer } from '../lib/offers';
import { trackResultsOfferClick } from '../tracking/track';
import { OFFER_SECTION_COPY } from './offer-copy';

export function resultsOffers(
  offers: readonly AffiliateOffer[],
  bmiCategory: string,
  goal: Goal,
): AffiliateOffer[] {
  return matchOffers(offers, bmiCategory, goal);
}

export function OfferCards({ offers, goal }: { offers: readonly AffiliateOffer[]; goal: Goal }) {
  const copy = OFFER_SECTION_COPY[goal];
  // The id the links show before a click; each click puts a new one in (newOfferClick).
  const shownClickId = useRef(randomId()).current;
  return (
    <section className="card offers" aria-labelledby="offers-title">
      <div className="section-head">
        <h2 id="offers-title">{copy.title}</h2>
      </div>
      <p className="muted">{copy.intro}</p>
      {offers.length === 0 ? (
        <p className="offers__empty" role="status">
          Loading personalized recommendations based on your BMI results...
        </p>
      ) : (
        <ul className="offer-list">
          {offers.map((offer) => {
            const href = offerLinkWithClickId(offer, shownClickId);
            const image = offerImage(offer);
            const titleId = `offer-${offer.id}-title`;
            const disclaimerId = `offer-${offer.id}-disclaimer`;
            const click = (link: HTMLAnchorElement) => {
              const opened = newOfferClick(link, offer);
              if (opened)
                trackResultsOfferClick(
                  { id: offer.id, title: offer.title, url: opened.href },
                  opened.clickId,
                );
            };
            return (
              <li key={offer.id} className="offer-card" data-testid="offer-card">
                <div className="offer-card__tags">
                  <span className="tag tag--sponsored">Sponsored Content</span>
                  {offer.evidenceBased ? <span className="tag tag--evidence">Evidence-Based</span> : null}
                </div>
                {image ? (
                  <img
                    className="offer-card__image"
                    src={image}
                    alt=""
                    width={320}
                    height={180}
                    loading="lazy"
                  />
                ) : null}
                <h3 id={titleId}>{offer.title}</h3>
                <p>{offer.description}</p>
                {href ? (
                  <a
                    className="button button--primary button--block"
                    href={href}
                    target="_blank"
                    rel="sponsored noopener"
                    aria-describedby={offer.disclaimer ? `${titleId} ${disclaimerId}` : titleId}
                    onClick={(event) => click(event.currentTarget)}
                    onAuxClick={(event) => {
                      if (event.button === 1) click(event.currentTarget);
                    }}
                  >
                    {offer.ctaLabel}
                  </a>
                ) : null}
                {offer.disclaimer ? (
                  <p className="offer-card__disclaimer" id={disclaimerId}>
                    {offer.disclaimer}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
