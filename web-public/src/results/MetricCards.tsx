// The five metric cards of spec §2, and a sixth when the visitor gave a waist: the waist-to-height ratio
// that current guidance (NICE, 2022) recommends beside BMI. Each indicator is a coloured pill that also
// says its meaning in words.
import {
  bmiIndicator,
  bodyFatIndicator,
  formatNumber1,
  metabolicAgeRating,
  WAIST_TO_HEIGHT_HIGH_FROM,
  WAIST_TO_HEIGHT_INCREASED_FROM,
  WAIST_TO_HEIGHT_SOURCE,
  waistToHeight,
  whrIndicator,
  type HealthResult,
  type Indicator,
} from '@bodymetrics/health';
import type { ReactNode } from 'react';
import { toneClass } from '../lib/tone';
import { useNumbers } from '../texts/format';
import { useTexts } from '../texts/i18n';
import { labelIn, labelTexts } from '../texts/labels';
import { resultsTexts } from '../texts/results';
import { InfoTip } from './InfoTip';

export function MetricCards({ result }: { result: HealthResult }) {
  const whtr = waistToHeight(result);
  const t = useTexts(resultsTexts);
  const labels = useTexts(labelTexts);
  const n = useNumbers();
  const one = (value: number) => n.one(Number(formatNumber1(value)));
  return (
    <ul className="metric-cards">
      <MetricCard
        id="bmi"
        title={t.bmiScore}
        value={one(result.bmi)}
        detail={labelIn(labels, result.bmiCategory)}
        indicator={bmiIndicator(result.bmiCategory)}
        valueTestId="bmi-value"
      />
      <MetricCard
        id="bodyfat"
        title={t.bodyFat}
        badge={t.measured}
        value={`${one(result.bodyFatPercentage)}%`}
        detail={
          <>
            {t.fromMeasurements} <InfoTip label={t.bodyFatTipLabel}>{t.bodyFatTip}</InfoTip>
          </>
        }
        indicator={bodyFatIndicator(result.bodyFatPercentage, result.gender)}
      />
      <MetricCard
        id="whr"
        title={t.whr}
        value={result.whr === undefined ? t.notAvailable : n.two(result.whr)}
        detail={result.whr === undefined ? t.whrMissing : t.whrDetail}
        indicator={result.whr === undefined ? undefined : whrIndicator(result.whr, result.gender)}
      />
      <MetricCard
        id="tdee"
        title={t.dailyEnergy}
        value={n.whole(result.tdee)}
        unit={t.kcalPerDay}
        detail={t.tdeeDetail}
      />
      <MetricCard
        id="metabolic-age"
        title={t.metabolicAge}
        value={String(result.metabolicAge)}
        unit={t.years}
        detail={t.yourAge({ age: result.age })}
        indicator={metabolicAgeRating(result.metabolicAge, result.age)}
      />
      {whtr ? (
        <MetricCard
          id="whtr"
          title={t.waistToHeight}
          value={n.two(whtr.ratio)}
          detail={t.waistToHeightBands({
            healthyBelow: n.one(WAIST_TO_HEIGHT_INCREASED_FROM),
            increasedUpTo: n.two(WAIST_TO_HEIGHT_HIGH_FROM - 0.01),
            highFrom: n.one(WAIST_TO_HEIGHT_HIGH_FROM),
            source: labelIn(labels, WAIST_TO_HEIGHT_SOURCE),
          })}
          indicator={whtr}
        />
      ) : null}
    </ul>
  );
}

interface MetricCardProps {
  id: string;
  title: string;
  value: string;
  unit?: string;
  detail: ReactNode;
  badge?: string;
  indicator?: Indicator;
  valueTestId?: string;
}

function MetricCard({ id, title, value, unit, detail, badge, indicator, valueTestId }: MetricCardProps) {
  const titleId = `metric-${id}-title`;
  const labels = useTexts(labelTexts);
  return (
    <li className="metric-card" data-testid={`metric-card-${id}`}>
      <div className="metric-card__head">
        <h3 id={titleId}>{title}</h3>
        {badge ? <span className="tag tag--info">{badge}</span> : null}
      </div>
      <p className="metric-card__value">
        <span data-testid={valueTestId}>{value}</span>
        {unit ? <span className="metric-card__unit"> {unit}</span> : null}
      </p>
      <p className="metric-card__detail">{detail}</p>
      {indicator ? (
        <p className={`pill ${toneClass(indicator.tone)}`}>{labelIn(labels, indicator.label)}</p>
      ) : null}
    </li>
  );
}
