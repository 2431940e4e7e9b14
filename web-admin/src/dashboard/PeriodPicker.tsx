// The 7 / 30 / 90 days buttons (the chosen one is pressed) and, beside them, a custom range of two dates
// (issue 15 item 4), checked like every admin form before anything is asked of the server.
import { useId, useRef, useState, type FormEvent } from 'react';
import { rangeErrors, type RangeErrors } from '../lib/period-rules';
import { dashboardTexts } from '../texts';
import { presetDays, type Period } from './analytics-queries';

export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const [from, setFrom] = useState('days' in value ? '' : value.from);
  const [to, setTo] = useState('days' in value ? '' : value.to);
  const [errors, setErrors] = useState<RangeErrors>({});

  function apply(event: FormEvent) {
    event.preventDefault();
    const found = rangeErrors(from, to);
    setErrors(found);
    const first = (['from', 'to'] as const).find((field) => found[field]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onChange({ from, to });
  }

  const field = (name: 'from' | 'to', label: string, current: string, set: (v: string) => void) => (
    <div className="field period-field">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <input
        id={`${ids}-${name}`}
        name={name}
        type="date"
        value={current}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids}-${name}-error` : undefined}
      />
      {errors[name] && (
        <p id={`${ids}-${name}-error`} className="form-error">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <div className="period-picker">
      <div className="period-buttons" role="group" aria-label={dashboardTexts.periodGroup}>
        {presetDays.map((days) => (
          <button
            key={days}
            type="button"
            className="button button-toggle"
            aria-pressed={'days' in value && value.days === days}
            onClick={() => onChange({ days })}
          >
            {dashboardTexts.period(days)}
          </button>
        ))}
      </div>
      <form
        ref={form}
        className="period-range"
        onSubmit={apply}
        noValidate
        aria-label={dashboardTexts.customRange}
      >
        {field('from', dashboardTexts.rangeFrom, from, setFrom)}
        {field('to', dashboardTexts.rangeTo, to, setTo)}
        <button type="submit" className="button button-secondary">
          {dashboardTexts.applyRange}
        </button>
      </form>
    </div>
  );
}
