// The calculator form (spec §2 Home, §5): every message appears under its field, is tied to the control
// with aria-describedby and aria-invalid, and a failed submit moves focus to the first invalid field.
import {
  ACTIVITY_LEVELS,
  feetInchesToInches,
  GENDERS,
  genderLabel,
  HEIGHT_FEET_OPTIONS,
  HEIGHT_INCH_OPTIONS,
  inchesToFeetInches,
  type ActivityLevel,
  type HealthFormValues,
  type MeasurementSystem,
} from '@bodymetrics/health';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { loadFormCheck, type FormCheck } from './load-form-check';
import { FIELD_SCREEN_ORDER, type FieldErrors, type FormFieldName, type FormFields } from './form-fields';

const ACTIVITY_LABELS: Record<ActivityLevel, string> = {
  sedentary: 'Sedentary (little or no exercise)',
  lightly_active: 'Lightly Active (1–3 days a week)',
  moderately_active: 'Moderately Active (3–5 days a week)',
  very_active: 'Very Active (6–7 days a week)',
  extra_active: 'Extra Active (physical job or training twice a day)',
};

const fieldId = (name: FormFieldName) => `field-${name}`;
const errorId = (name: FormFieldName) => `field-${name}-error`;
/** The control that receives focus for a field (the feet select stands for an imperial height). */
const focusTargetId = (name: FormFieldName, system: string) =>
  name === 'height' && system === 'imperial' ? 'field-height-feet' : fieldId(name);

interface HealthFormProps {
  fields: FormFields;
  processing: boolean;
  onFieldChange: (name: FormFieldName, value: string) => void;
  onSystemChange: (system: MeasurementSystem) => void;
  onValid: (values: HealthFormValues) => void;
  /** The validation code could not be loaded (even on a second try). */
  onUnavailable: () => void;
  /** The visitor started using the form (first focus or touch): time to fetch what the submit needs. */
  onEngage: () => void;
}

export function HealthForm({
  fields,
  processing,
  onFieldChange,
  onSystemChange,
  onValid,
  onUnavailable,
  onEngage,
}: HealthFormProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const imperial = fields.measurementSystem === 'imperial';

  const change = (name: FormFieldName, value: string) => {
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    onFieldChange(name, value);
  };

  const [checking, setChecking] = useState(false);
  // Fetch the validation module once the page is idle, so the first submit does not wait for it.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadFormCheck().catch(() => undefined), 1500);
    return () => window.clearTimeout(timer);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing || checking) return;
    setChecking(true);
    let check: FormCheck;
    try {
      check = (await loadFormCheck()).checkForm(fields);
    } catch {
      onUnavailable();
      return;
    } finally {
      setChecking(false);
    }
    if (!check.ok) {
      setErrors(check.errors);
      const first = FIELD_SCREEN_ORDER.find((name) => check.errors[name]);
      if (first) document.getElementById(focusTargetId(first, fields.measurementSystem))?.focus();
      return;
    }
    setErrors({});
    onValid(check.values);
  };

  /** Props tying a control to its message. */
  const described = (name: FormFieldName) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};

  const feetInches = inchesToFeetInches(Number(fields.height) || 0);
  const setHeight = (feet: number, inches: number) =>
    change('height', String(feetInchesToInches(feet, inches)));

  return (
    <section className="card form-card" aria-labelledby="health-form-title">
      <h2 id="health-form-title">Calculate Your Health Metrics</h2>
      <form
        data-testid="health-form"
        aria-labelledby="health-form-title"
        noValidate
        onSubmit={submit}
        onFocus={onEngage}
        onPointerDown={onEngage}
      >
        <fieldset className="units">
          <legend>Units</legend>
          <div className="segmented">
            {(['imperial', 'metric'] as const).map((system) => (
              <label key={system} className="segmented__option">
                <input
                  type="radio"
                  name="measurementSystem"
                  value={system}
                  checked={fields.measurementSystem === system}
                  onChange={() => onSystemChange(system)}
                />
                <span>{system === 'imperial' ? 'Imperial (ft, in, lbs)' : 'Metric (cm, kg)'}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="form-grid">
          <Field name="age" label="Age" error={errors.age}>
            <input
              id={fieldId('age')}
              type="number"
              inputMode="numeric"
              min={18}
              max={120}
              step={1}
              placeholder="Years"
              autoComplete="off"
              value={fields.age}
              onChange={(e) => change('age', e.target.value)}
              {...described('age')}
            />
          </Field>

          <Field name="gender" label="Gender" error={errors.gender}>
            <select
              id={fieldId('gender')}
              value={fields.gender}
              onChange={(e) => change('gender', e.target.value)}
              {...described('gender')}
            >
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {genderLabel(gender)}
                </option>
              ))}
            </select>
          </Field>

          {imperial ? (
            <fieldset className="field field--wide">
              <legend className="field__label">Height</legend>
              <div className="height-selects">
                <div className="height-selects__part">
                  <label className="field__sublabel" htmlFor="field-height-feet">
                    <span className="visually-hidden">Height </span>
                    Feet
                  </label>
                  <select
                    id="field-height-feet"
                    value={feetInches.feet}
                    onChange={(e) => setHeight(Number(e.target.value), feetInches.inches)}
                    {...described('height')}
                  >
                    {HEIGHT_FEET_OPTIONS.map((feet) => (
                      <option key={feet} value={feet}>
                        {feet} ft
                      </option>
                    ))}
                  </select>
                </div>
                <div className="height-selects__part">
                  <label className="field__sublabel" htmlFor="field-height-inches">
                    <span className="visually-hidden">Height </span>
                    Inches
                  </label>
                  <select
                    id="field-height-inches"
                    value={feetInches.inches}
                    onChange={(e) => setHeight(feetInches.feet, Number(e.target.value))}
                    {...described('height')}
                  >
                    {HEIGHT_INCH_OPTIONS.map((inches) => (
                      <option key={inches} value={inches}>
                        {inches} in
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <FieldError name="height" message={errors.height} />
            </fieldset>
          ) : (
            <Field name="height" label="Height (cm)" error={errors.height}>
              <input
                id={fieldId('height')}
                type="number"
                inputMode="decimal"
                step="any"
                placeholder="cm"
                autoComplete="off"
                value={fields.height}
                onChange={(e) => change('height', e.target.value)}
                {...described('height')}
              />
            </Field>
          )}

          <Field name="weight" label={imperial ? 'Weight (lbs)' : 'Weight (kg)'} error={errors.weight}>
            <input
              id={fieldId('weight')}
              type="number"
              inputMode="decimal"
              step="any"
              placeholder={imperial ? 'lbs' : 'kg'}
              autoComplete="off"
              value={fields.weight}
              onChange={(e) => change('weight', e.target.value)}
              {...described('weight')}
            />
          </Field>

          {(['waist', 'hip'] as const).map((name) => (
            <Field
              key={name}
              name={name}
              label={`${name === 'waist' ? 'Waist' : 'Hip'} (${imperial ? 'inches' : 'cm'}, optional)`}
              error={errors[name]}
            >
              <input
                id={fieldId(name)}
                type="number"
                inputMode="decimal"
                step="any"
                placeholder={imperial ? 'inches' : 'cm'}
                autoComplete="off"
                value={fields[name]}
                onChange={(e) => change(name, e.target.value)}
                {...described(name)}
              />
            </Field>
          ))}

          <Field name="activityLevel" label="Activity Level" error={errors.activityLevel} wide>
            <select
              id={fieldId('activityLevel')}
              value={fields.activityLevel}
              onChange={(e) => change('activityLevel', e.target.value)}
              {...described('activityLevel')}
            >
              {ACTIVITY_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {ACTIVITY_LABELS[level]}
                </option>
              ))}
            </select>
          </Field>
        </div>

        {errors.measurementSystem ? (
          <FieldError name="measurementSystem" message={errors.measurementSystem} />
        ) : null}

        <button
          type="submit"
          data-keep-clear-of-banner=""
          className="button button--primary button--block button--large"
          disabled={processing || checking}
        >
          {processing || checking ? 'Processing...' : 'Get My Free Report!'}
        </button>
        <p className="form-card__promo">
          Unlock instant, personalized insights into your body and health — free, private, in under a minute.
        </p>
      </form>
    </section>
  );
}

function Field(props: {
  name: FormFieldName;
  label: string;
  error?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={props.wide ? 'field field--wide' : 'field'}>
      <label className="field__label" htmlFor={fieldId(props.name)}>
        {props.label}
      </label>
      {props.children}
      <FieldError name={props.name} message={props.error} />
    </div>
  );
}

function FieldError({ name, message }: { name: FormFieldName; message?: string }) {
  if (!message) return null;
  return (
    <p className="field__error" id={errorId(name)}>
      {message}
    </p>
  );
}
