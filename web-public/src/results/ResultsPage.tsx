// The full results (spec §2 Results page): scale, five metric cards, sponsored offers, nutrition plan,
// sharing and the e-mailed report. While shown, the document is titled "BMI Results" and marked noindex;
// the heading takes focus so screen-reader users hear that the results have arrived.
import {
  bmiBandsFor,
  classifyBmiIn,
  defaultGoal,
  formatNumber1,
  offersWithheld,
  WHO_BMI_BANDS,
} from '@bodymetrics/health';
import { useEffect, useRef } from 'react';
import type { Calculation } from '../flow/calculation';
import { useDeviceAnswers } from '../home/device-answers';
import { guidanceTexts } from '../texts/guidance';
import { useServingOrder } from '../lib/offer-order';
import { useOffers } from '../lib/offers';
import { withQueryClient } from '../lib/with-query-client';
import { useOfferImpressions } from '../tracking/offer-impressions';
import { trackJourney } from '../tracking/track';
import { BmiScale } from './BmiScale';
import { HealthyWeightCard } from './HealthyWeightCard';
import { MetricCards } from './MetricCards';
import { NutritionPlanCard } from './NutritionPlanCard';
import { OfferCards, resultsOffers } from './OfferCards';
import { showResultsHead } from './page-meta';
import { ReportForm } from './ReportForm';
import { useNumbers } from '../texts/format';
import { useTexts } from '../texts/i18n';
import { labelIn, labelTexts } from '../texts/labels';
import { resultsTexts } from '../texts/results';
import { ShareSection } from './ShareSection';
import { WithheldOffersNote } from './WithheldOffersNote';

function ResultsPage({ calculation }: { calculation: Calculation }) {
  const { result } = calculation;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const t = useTexts(resultsTexts);
  const guidance = useTexts(guidanceTexts);
  const labels = useTexts(labelTexts);
  const numbers = useNumbers();
  // The goal selector is hidden (spec §2), so the goal is always the category's default.
  const goal = defaultGoal(result.bmiCategory);
  const offers = useOffers();
  // The answers kept on the device choose what is shown (bands, advice, whether offers are), never what is
  // sent: offers, goal, events and the report request follow the WHO category in `result`.
  const { ethnicBackground, pregnant } = useDeviceAnswers();
  const bands = bmiBandsFor(ethnicBackground);
  const shown = { ...result, bmiCategory: classifyBmiIn(result.bmi, bands) };
  const withheld = offersWithheld({ bmi: result.bmi, pregnant });
  // In serving order: the operator's in a manual segment, drawn by share in an auto one.
  const matched = useServingOrder(withheld ? [] : resultsOffers(offers.data ?? [], result.bmiCategory, goal));

  useOfferImpressions(
    'results',
    matched.map((offer) => offer.id),
    offers.isSuccess,
  );

  useEffect(() => showResultsHead(t.documentTitle), [t.documentTitle]);

  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus();
    trackJourney('results_viewed', { bmiCategory: result.bmiCategory });
  }, [result.bmiCategory]);

  return (
    <div className="page results" data-testid="results-page">
      <section className="card results__summary" aria-labelledby="results-title">
        <h1 id="results-title" ref={headingRef} tabIndex={-1}>
          {t.title}
        </h1>
        <p className="results__lead">
          {t.leadBefore} <strong>{numbers.one(Number(formatNumber1(result.bmi)))}</strong>
          {t.leadMiddle} <strong>{labelIn(labels, shown.bmiCategory)}</strong>
          {t.leadAfter}
        </p>
        {bands === WHO_BMI_BANDS ? null : <p className="muted">{guidance.lowerThresholds}</p>}
        <BmiScale bmi={result.bmi} category={shown.bmiCategory} />
      </section>

      <section aria-labelledby="metrics-title">
        <h2 id="metrics-title" className="section-title">
          {t.metricsTitle}
        </h2>
        <MetricCards result={shown} />
      </section>

      <HealthyWeightCard result={result} bands={bands} />
      {withheld ? <WithheldOffersNote reason={withheld} /> : <OfferCards offers={matched} goal={goal} />}
      <NutritionPlanCard result={shown} pregnant={pregnant} />
      <ShareSection result={result} />
      {pregnant ? <p className="muted">{guidance.pregnancyReport}</p> : null}
      <ReportForm calculation={calculation} goal={goal} offers={matched} />
    </div>
  );
}

export default withQueryClient(ResultsPage);
