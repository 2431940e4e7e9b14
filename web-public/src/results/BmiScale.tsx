// The four-band BMI scale with the visitor's marker (spec §2). The picture is described in text for
// screen readers; each band is labelled in text too, so colour is never the only cue.
import { bmiGaugePosition, formatNumber1 } from '@bodymetrics/health';
import { useNumbers } from '../texts/format';
import { useTexts } from '../texts/i18n';
import { labelIn, labelTexts } from '../texts/labels';
import { resultsTexts } from '../texts/results';

const BANDS = [
  { label: 'Underweight', range: 'bandUnderweight', tone: 'blue' },
  { label: 'Normal', range: 'bandNormal', tone: 'green' },
  { label: 'Overweight', range: 'bandOverweight', tone: 'orange' },
  { label: 'Obese', range: 'bandObese', tone: 'red' },
] as const;

export function BmiScale({ bmi, category }: { bmi: number; category: string }) {
  const position = bmiGaugePosition(bmi);
  const t = useTexts(resultsTexts);
  const labels = useTexts(labelTexts);
  const numbers = useNumbers();
  return (
    <figure className="bmi-scale">
      <div
        className="bmi-scale__track"
        role="img"
        aria-label={t.scaleLabel({
          bmi: numbers.one(Number(formatNumber1(bmi))),
          category: labelIn(labels, category),
        })}
      >
        {BANDS.map((band) => (
          <span key={band.label} className={`bmi-scale__band bmi-scale__band--${band.tone}`} />
        ))}
        <span className="bmi-scale__marker" style={{ left: `${position}%` }} />
      </div>
      <figcaption className="bmi-scale__labels">
        {BANDS.map((band) => (
          <span key={band.label} className="bmi-scale__label">
            <span className="bmi-scale__name">{labelIn(labels, band.label)}</span>
            <span className="bmi-scale__range">{t[band.range]}</span>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
