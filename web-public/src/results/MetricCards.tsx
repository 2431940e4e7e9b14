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
import { InfoTip } from './InfoTip';

const kcal = new Intl.NumberFormat('en-US');

export function MetricCards({ result }: { result: HealthResult }) {
  const whtr = waistToHeight(result);
  return (
    <ul className="metric-cards">
      <MetricCard
        id="bmi"
        title="BMI Score"
        value={formatNumber1(result.bmi)}
        detail={result.bmiCategory}
        indicator={bmiIndicator(result.bmiCategory)}
        valueTestId="bmi-value"
      />
      <MetricCard
        id="bodyfat"
        title="Body Fat"
        badge="Measured"
        value={`${formatNumber1(result.bodyFatPercentage)}%`}
        detail={
          <>
            From your measurements{' '}
            <InfoTip label="How body fat is worked out">
              Worked out from your height, weight, age and gender with the Deurenberg formula (1.2 × BMI +
              0.23 × age − 10.8 × sex − 5.4), not taken with a body-fat scale or scan; it can be a few points
              off for very muscular or very lean people.
            </InfoTip>
          </>
        }
        indicator={bodyFatIndicator(result.bodyFatPercentage, result.gender)}
      />
      <MetricCard
        id="whr"
        title="WHR"
        value={result.whr === undefined ? 'N/A' : result.whr.toFixed(2)}
        detail={result.whr === undefined ? 'Add your waist and hip to see it' : 'Waist-to-hip ratio'}
        indicator={result.whr === undefined ? undefined : whrIndicator(result.whr, result.gender)}
      />
      <MetricCard
        id="tdee"
        title="Daily Energy"
        value={kcal.format(result.tdee)}
        unit="kcal/day"
        detail="Total daily energy expenditure (TDEE)"
      />
      <MetricCard
        id="metabolic-age"
        title="Metabolic Age"
        value={String(result.metabolicAge)}
        unit="years"
        detail={`Your age: ${result.age}`}
        indicator={metabolicAgeRating(result.metabolicAge, result.age)}
      />
      {whtr ? (
        <MetricCard
          id="whtr"
          title="Waist-to-Height"
          value={whtr.ratio.toFixed(2)}
          detail={
            <>
              Under {WAIST_TO_HEIGHT_INCREASED_FROM} healthy · {WAIST_TO_HEIGHT_INCREASED_FROM}–
              {(WAIST_TO_HEIGHT_HIGH_FROM - 0.01).toFixed(2)} increased risk · {WAIST_TO_HEIGHT_HIGH_FROM} and
              over high risk. Source: {WAIST_TO_HEIGHT_SOURCE}.
            </>
          }
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
      {indicator ? <p className={`pill ${toneClass(indicator.tone)}`}>{indicator.label}</p> : null}
    </li>
  );
}
