// Sponsored offers on the results page (spec §2, §4): the offers for the visitor's BMI category and goal.
import { matchOffers, type Goal } from '@bodymetrics/health';
import { useRef } from 'react';
import { randomId } from '../lib/ids';
import { OfferImage, OfferLink } from '../lib/OfferLink';
import type { AffiliateOffer } from '../lib/offers';
import { trackResultsOfferClick } from '../tracking/track';
import { useTexts } from '../texts/i18n';
import { resultsTexts } from '../texts/results';
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
  const t = useTexts(resultsTexts);
  // The id the links show before a click; each click puts a new one in (newOfferClick).
  const shownClickId = useRef(randomId()).current;
  return (
    <section className="card offers" aria-labelledby="offers-title">
      <div className="section-head">
        <h2 id="offers-title">{t[copy.title]}</h2>
      </div>
      <p className="muted">{t[copy.intro]}</p>
      {offers.length === 0 ? (
        <p className="offers__empty" role="status">
          {t.noOffers}
        </p>
      ) : (
        <ul className="offer-list">
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} shownClickId={shownClickId} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One offer's card: tags, picture, title, description, its own button label and disclaimer. */
function OfferCard({ offer, shownClickId }: { offer: AffiliateOffer; shownClickId: string }) {
  const titleId = `offer-${offer.id}-title`;
  const disclaimerId = `offer-${offer.id}-disclaimer`;
  const t = useTexts(resultsTexts);
  return (
    <li className="offer-card" data-testid="offer-card">
      <div className="offer-card__tags">
        <span className="tag tag--sponsored">{t.sponsoredContent}</span>
        {offer.evidenceBased ? <span className="tag tag--evidence">{t.evidenceBased}</span> : null}
      </div>
      <OfferImage offer={offer} className="offer-card__image" width={320} height={180} />
      <h3 id={titleId}>{offer.title}</h3>
      <p>{offer.description}</p>
      <OfferLink
        offer={offer}
        shownClickId={shownClickId}
        className="button button--primary button--block"
        describedBy={offer.disclaimer ? `${titleId} ${disclaimerId}` : titleId}
        onClicked={(opened) =>
          trackResultsOfferClick({ id: offer.id, title: offer.title, url: opened.href }, opened.clickId)
        }
      >
        {offer.ctaLabel}
      </OfferLink>
      {offer.disclaimer ? (
        <p className="offer-card__disclaimer" id={disclaimerId}>
          {offer.disclaimer}
        </p>
      ) : null}
    </li>
  );
}
