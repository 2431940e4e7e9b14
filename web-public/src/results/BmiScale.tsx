// The four-band BMI scale with the visitor's marker (spec §2). The picture is described in text for
// screen readers; each band is labelled in text too, so colour is never the only cue.
import { bmiGaugePosition, formatNumber1 } from '@bodymetrics/health';

const BANDS = [
  { label: 'Underweight', range: 'below 18.5', tone: 'blue' },
  { label: 'Normal', range: '18.5 – 24.9', tone: 'green' },
  { label: 'Overweight', range: '25 – 29.9', tone: 'orange' },
  { label: 'Obese', range: '30 and above', tone: 'red' },
] as const;

export function BmiScale({ bmi, category }: { bmi: number; category: string }) {
  const position = bmiGaugePosition(bmi);
  return (
    <figure className="bmi-scale">
      <div
        className="bmi-scale__track"
        role="img"
        aria-label={`BMI scale: your BMI of ${formatNumber1(bmi)} is in the ${category} band`}
      >
        {BANDS.map((band) => (
          <span key={band.label} className={`bmi-scale__band bmi-scale__band--${band.tone}`} />
        ))}
        <span className="bmi-scale__marker" style={{ left: `${position}%` }} />
      </div>
      <figcaption className="bmi-scale__labels">
        {BANDS.map((band) => (
          <span key={band.label} className="bmi-scale__label">
            <span className="bmi-scale__name">{band.label}</span>
            <span className="bmi-scale__range">{band.range}</span>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
