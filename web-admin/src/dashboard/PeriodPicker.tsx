// The 7 / 30 / 90 days buttons (the chosen one is pressed) and, beside them, a custom range of two dates,
// checked like every admin form before anything is asked of the server. The dates are
// text fields read as zz.ll.aaaa (lib/period-rules): a native date field writes the browser's language's
// order (ll/zz/aaaa in an English browser), whatever the page's lang says.
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatDay } from '../lib/format';
import { checkRange, type RangeErrors } from '../lib/period-rules';
import { dashboardTexts } from '../texts';
import { presetDays, type Period } from './analytics-queries';

export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const [from, setFrom] = useState('days' in value ? '' : formatDay(value.from));
  const [to, setTo] = useState('days' in value ? '' : formatDay(value.to));
  const [errors, setErrors] = useState<RangeErrors>({});

  function apply(event: FormEvent) {
    event.preventDefault();
    const checked = checkRange(from, to);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = (['from', 'to'] as const).find((field) => checked.errors[field]);
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    onChange(checked.range);
  }

  const field = (name: 'from' | 'to', label: string, current: string, set: (v: string) => void) => (
    <div className="field period-field">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <input
        id={`${ids}-${name}`}
        name={name}
        type="text"
        autoComplete="off"
        placeholder={dashboardTexts.dateFormatHint}
        size={10}
        value={current}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${ids}-format${errors[name] ? ` ${ids}-${name}-error` : ''}`}
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
      <span id={`${ids}-format`} hidden>
        {dashboardTexts.dateFormatHint}
      </span>
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
