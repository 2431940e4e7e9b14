// The full results (spec §2 Results page): scale, five metric cards, sponsored offers, nutrition plan,
// sharing and the e-mailed report. While shown, the document is titled "BMI Results" and marked noindex;
// the heading takes focus so screen-reader users hear that the results have arrived.
import { defaultGoal, formatNumber1 } from '@bodymetrics/health';
import { useEffect, useRef } from 'react';
import type { Calculation } from '../flow/calculation';
import { useServingOrder } from '../lib/offer-order';
import { useOffers } from '../lib/offers';
import { withQueryClient } from '../lib/with-query-client';
import { useOfferImpressions } from '../tracking/offer-impressions';
import { trackJourney } from '../tracking/track';
import { BmiScale } from './BmiScale';
import { MetricCards } from './MetricCards';
import { NutritionPlanCard } from './NutritionPlanCard';
import { OfferCards, resultsOffers } from './OfferCards';
import { showResultsHead } from './page-meta';
import { ReportForm } from './ReportForm';
import { ShareSection } from './ShareSection';

function ResultsPage({ calculation }: { calculation: Calculation }) {
  const { result } = calculation;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The goal selector is hidden (spec §2), so the goal is always the category's default.
  const goal = defaultGoal(result.bmiCategory);
  const offers = useOffers();
  // In serving order: the operator's in a manual segment, drawn by share in an auto one.
  const matched = useServingOrder(resultsOffers(offers.data ?? [], result.bmiCategory, goal));

  useOfferImpressions(
    'results',
    matched.map((offer) => offer.id),
    offers.isSuccess,
  );

  useEffect(() => showResultsHead(), []);

  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus();
    trackJourney('results_viewed', { bmiCategory: result.bmiCategory });
  }, [result.bmiCategory]);

  return (
    <div className="page results" data-testid="results-page">
      <section className="card results__summary" aria-labelledby="results-title">
        <h1 id="results-title" ref={headingRef} tabIndex={-1}>
          Your Health Results
        </h1>
        <p className="results__lead">
          Your BMI is <strong>{formatNumber1(result.bmi)}</strong>, in the{' '}
          <strong>{result.bmiCategory}</strong> range.
        </p>
        <BmiScale bmi={result.bmi} category={result.bmiCategory} />
      </section>

      <section aria-labelledby="metrics-title">
        <h2 id="metrics-title" className="section-title">
          Your Body Metrics
        </h2>
        <MetricCards result={result} />
      </section>

      <OfferCards offers={matched} goal={goal} />
      <NutritionPlanCard result={result} />
      <ShareSection result={result} />
      <ReportForm calculation={calculation} goal={goal} offers={matched} />
    </div>
  );
}

export default withQueryClient(ResultsPage);
