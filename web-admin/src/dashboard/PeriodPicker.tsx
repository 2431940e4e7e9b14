// The 7 / 30 / 90 days buttons; the chosen one is pressed.
import { dashboardTexts } from '../texts';
import { periods, type Period } from './analytics-queries';

export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  return (
    <div className="period-picker" role="group" aria-label={dashboardTexts.periodGroup}>
      {periods.map((days) => (
        <button
          key={days}
          type="button"
          className="button button-toggle"
          aria-pressed={value === days}
          onClick={() => onChange(days)}
        >
          {dashboardTexts.period(days)}
        </button>
      ))}
    </div>
  );
}
