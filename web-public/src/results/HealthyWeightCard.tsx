// The healthy weight for the visitor's height (BMI 18.5–24.9 in the WHO adult bands, or 18.5–22.9 where an
// ethnic background chose NICE's lower thresholds), how far the weight is from it and BMI Prime, each with
// its source: a figure beside the spec's ideal weight, not in place of it.
import {
  formatHealthyWeightRange,
  healthyWeightForHeight,
  type BmiBands,
  type HealthResult,
  type HealthyWeight,
} from '@bodymetrics/health';
import { fillText, guidanceTexts as t } from '../texts/guidance';

const amountFormat = {
  kg: new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  lb: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
};

function distanceText(healthy: HealthyWeight): string {
  if (healthy.position === 'within') return t.within;
  const amount = `${amountFormat[healthy.unit].format(healthy.distance)} ${healthy.unit}`;
  return fillText(healthy.position === 'above' ? t.above : t.below, { amount });
}

export function HealthyWeightCard({ result, bands }: { result: HealthResult; bands: BmiBands }) {
  const healthy = healthyWeightForHeight(result, bands);
  return (
    <section
      className="card healthy-weight"
      data-testid="healthy-weight"
      aria-labelledby="healthy-weight-title"
    >
      <h2 id="healthy-weight-title">{t.healthyWeightTitle}</h2>
      <dl className="nutrition__figures">
        <div>
          <dt>{t.healthyWeightRange}</dt>
          <dd data-testid="healthy-weight-range">{formatHealthyWeightRange(healthy)}</dd>
        </div>
        <div>
          <dt>{t.distanceLabel}</dt>
          <dd data-testid="healthy-weight-distance">{distanceText(healthy)}</dd>
        </div>
        <div>
          <dt>{t.bmiPrime}</dt>
          <dd data-testid="bmi-prime">{healthy.bmiPrime.toFixed(2)}</dd>
        </div>
      </dl>
      <p className="muted">{t.bmiPrimeHint}</p>
      <p className="muted">{fillText(t.source, { source: healthy.source })}</p>
    </section>
  );
}
