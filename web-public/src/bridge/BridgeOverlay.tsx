// The bridge page (spec §2): a full-screen modal dialog between the animation and the full results, with
// the BMI badge and up to three sponsored offers for the visitor's category and default goal (the first
// three in serving order, lib/offer-order.ts), each with the spec's "Learn More" button, described by the
// offer's title for screen readers (an offer's own button label belongs to its results card). With no matching offer, only the badge and the results button: no
// "Sponsored" heading over nothing. It is a native <dialog> opened with showModal(): the rest of the page
// is inert (focus stays inside), and Escape does what "View Full Results & Analysis" does.
import {
  BRIDGE_OFFER_LIMIT,
  bmiBandsFor,
  bmiColorBand,
  classifyBmiIn,
  defaultGoal,
  formatNumber1,
  matchOffers,
  offersWithheld,
  WHO_BMI_BANDS,
  type BmiCategory,
  type HealthResult,
} from '@bodymetrics/health';
import { useEffect, useRef } from 'react';
import { useDeviceAnswers } from '../home/device-answers';
import { randomId } from '../lib/ids';
import { OfferImage, OfferLink } from '../lib/OfferLink';
import { useServingOrder } from '../lib/offer-order';
import { useOffers, type AffiliateOffer } from '../lib/offers';
import { withQueryClient } from '../lib/with-query-client';
import { toneClass } from '../lib/tone';
import { useOfferImpressions } from '../tracking/offer-impressions';
import { WithheldOffersNote } from '../results/WithheldOffersNote';
import { trackBridgeOfferClick, trackJourney } from '../tracking/track';
import { bridgeTexts } from '../texts/bridge';
import { useNumbers } from '../texts/format';
import { useTexts } from '../texts/i18n';
import { labelIn, labelTexts } from '../texts/labels';

/** The badge in the bands an ethnic background chose (the WHO bands' own colours and labels otherwise). */
const BADGE_OF: Record<BmiCategory, ReturnType<typeof bmiColorBand>> = {
  Underweight: { label: 'Underweight', tone: 'blue' },
  Normal: { label: 'Normal Weight', tone: 'green' },
  Overweight: { label: 'Overweight', tone: 'orange' },
  Obese: { label: 'Obese', tone: 'red' },
};

interface BridgeOverlayProps {
  result: HealthResult;
  onContinue: () => void;
}

function BridgeOverlay({ result, onContinue }: BridgeOverlayProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const continued = useRef(false);
  const t = useTexts(bridgeTexts);
  const labels = useTexts(labelTexts);
  const numbers = useNumbers();
  const offers = useOffers();
  // The id the links show before a click; each click puts a new one in (newOfferClick).
  const shownClickId = useRef(randomId()).current;
  // The device-only answers choose what is shown, never what is sent (see ResultsPage).
  const { ethnicBackground, pregnant } = useDeviceAnswers();
  const bands = bmiBandsFor(ethnicBackground);
  const band =
    bands === WHO_BMI_BANDS ? bmiColorBand(result.bmi) : BADGE_OF[classifyBmiIn(result.bmi, bands)];
  const withheld = offersWithheld({ bmi: result.bmi, pregnant });
  // The segment's offers in serving order (by share in an auto segment), the first three shown.
  const shown = useServingOrder(
    withheld ? [] : matchOffers(offers.data ?? [], result.bmiCategory, defaultGoal(result.bmiCategory)),
  ).slice(0, BRIDGE_OFFER_LIMIT);

  useOfferImpressions(
    'bridge',
    shown.map((offer) => offer.id),
    offers.isSuccess,
  );

  const continueToResults = () => {
    if (continued.current) return;
    continued.current = true;
    onContinue();
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // Start reading at the title rather than on the first sponsored link.
    headingRef.current?.focus();
    trackJourney('bridge_viewed', { bmiCategory: result.bmiCategory });
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, [result.bmiCategory]);

  return (
    <dialog
      ref={dialogRef}
      className="bridge"
      data-testid="bridge-overlay"
      aria-labelledby="bridge-title"
      onCancel={(event) => {
        event.preventDefault();
        continueToResults();
      }}
    >
      <div className="bridge__inner">
        <h1 id="bridge-title" ref={headingRef} tabIndex={-1}>
          {t.title}
        </h1>
        <p className={`bmi-badge ${toneClass(band.tone)}`}>
          <span className="bmi-badge__value" data-testid="bmi-value">
            {numbers.one(Number(formatNumber1(result.bmi)))}
          </span>
          <span className="bmi-badge__label">{labelIn(labels, band.label)}</span>
        </p>

        {withheld ? (
          <WithheldOffersNote reason={withheld} />
        ) : offers.isPending || shown.length > 0 ? (
          <section className="bridge__offers" aria-labelledby="bridge-offers-title">
            <div className="section-head">
              <h2 id="bridge-offers-title">{t.recommended}</h2>
              <span className="tag tag--sponsored">{t.sponsored}</span>
            </div>
            {offers.isPending ? (
              <p className="muted">{t.loadingOffers}</p>
            ) : (
              <ul className="bridge__offer-list">
                {shown.map((offer) => (
                  <BridgeOffer key={offer.id} offer={offer} shownClickId={shownClickId} />
                ))}
              </ul>
            )}
          </section>
        ) : null}

        <button
          type="button"
          className="button button--primary button--block button--large"
          onClick={continueToResults}
        >
          {t.viewResults}
        </button>
      </div>
    </dialog>
  );
}

/** One sponsored offer: picture, title, description and the spec's "Learn More". */
function BridgeOffer({ offer, shownClickId }: { offer: AffiliateOffer; shownClickId: string }) {
  const titleId = `bridge-offer-${offer.id}`;
  const t = useTexts(bridgeTexts);
  return (
    <li className="bridge-offer" data-testid="offer-card">
      <OfferImage offer={offer} className="bridge-offer__image" width={96} height={96} />
      <div className="bridge-offer__text">
        <h3 id={titleId}>{offer.title}</h3>
        <p>{offer.description}</p>
      </div>
      <OfferLink
        offer={offer}
        shownClickId={shownClickId}
        className="button button--secondary"
        describedBy={titleId}
        onClicked={(opened) => trackBridgeOfferClick(offer.id, opened.clickId)}
      >
        {t.learnMore}
      </OfferLink>
    </li>
  );
}

export default withQueryClient(BridgeOverlay);
