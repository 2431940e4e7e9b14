// The healthy weight for the visitor's height (BMI 18.5–24.9 in the WHO adult bands, or 18.5–22.9 where an
// ethnic background chose NICE's lower thresholds), how far the weight is from it and BMI Prime, each with
// its source: a figure beside the spec's ideal weight, not in place of it.
import {
  healthyWeightForHeight,
  type BmiBands,
  type HealthResult,
  type HealthyWeight,
} from '@bodymetrics/health';
import { useNumbers } from '../texts/format';
import { guidanceTexts } from '../texts/guidance';
import { useTexts } from '../texts/i18n';
import { labelIn, labelTexts } from '../texts/labels';

type Numbers = ReturnType<typeof useNumbers>;
type GuidanceTexts = ReturnType<typeof guidanceTexts.get>;

/** A weight as the engine rounds it (kg to one decimal, lb whole), in the shown language. */
const weightIn = (n: Numbers, unit: HealthyWeight['unit'], value: number) =>
  `${unit === 'kg' ? n.one(value) : n.whole(value)} ${unit}`;

function distanceText(healthy: HealthyWeight, t: GuidanceTexts, n: Numbers): string {
  if (healthy.position === 'within') return t.within;
  const amount = weightIn(n, healthy.unit, healthy.distance);
  return healthy.position === 'above' ? t.above({ amount }) : t.below({ amount });
}

export function HealthyWeightCard({ result, bands }: { result: HealthResult; bands: BmiBands }) {
  const healthy = healthyWeightForHeight(result, bands);
  const t = useTexts(guidanceTexts);
  const labels = useTexts(labelTexts);
  const n = useNumbers();
  const range = `${(healthy.unit === 'kg' ? n.one : n.whole)(healthy.min)}–${weightIn(n, healthy.unit, healthy.max)}`;
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
          <dd data-testid="healthy-weight-range">{range}</dd>
        </div>
        <div>
          <dt>{t.distanceLabel}</dt>
          <dd data-testid="healthy-weight-distance">{distanceText(healthy, t, n)}</dd>
        </div>
        <div>
          <dt>{t.bmiPrime}</dt>
          <dd data-testid="bmi-prime">{n.two(healthy.bmiPrime)}</dd>
        </div>
      </dl>
      <p className="muted">{t.bmiPrimeHint}</p>
      <p className="muted">{t.source({ source: labelIn(labels, healthy.source) })}</p>
    </section>
  );
}
