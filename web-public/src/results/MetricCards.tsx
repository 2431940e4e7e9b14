// The five metric cards of spec §2. Each indicator is a coloured pill that also says its meaning in words.
import {
  bmiIndicator,
  bodyFatIndicator,
  formatNumber1,
  metabolicAgeRating,
  whrIndicator,
  type HealthResult,
  type Indicator,
} from '@bodymetrics/health';
import type { ReactNode } from 'react';
import { toneClass } from '../lib/tone';

const kcal = new Intl.NumberFormat('en-US');

export function MetricCards({ result }: { result: HealthResult }) {
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
        detail="Estimated from your BMI, age and gender"
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
