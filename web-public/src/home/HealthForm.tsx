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
import { useEffect, useState, type FormEvent } from 'react';
import { describedBy, errorIdOf, Field, FieldError } from '../forms/Field';
import { DeviceOnlyAnswersSlot } from './DeviceOnlyAnswersSlot';
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
const errorId = (name: FormFieldName) => errorIdOf(fieldId(name));
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
        <UnitsChoice system={fields.measurementSystem} onChange={onSystemChange} />

        <div className="form-grid">
          <AgeAndGender fields={fields} errors={errors} change={change} />

          <BodyMeasurements fields={fields} errors={errors} change={change} />

          <ActivityField fields={fields} errors={errors} change={change} />
        </div>

        <DeviceOnlyAnswersSlot />

        {errors.measurementSystem ? (
          <FieldError id={errorId('measurementSystem')} message={errors.measurementSystem} />
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

/** The unit system: imperial (ft, in, lbs) or metric (cm, kg). */
function UnitsChoice({
  system: chosen,
  onChange,
}: {
  system: string;
  onChange: (system: MeasurementSystem) => void;
}) {
  return (
    <fieldset className="units">
      <legend>Units</legend>
      <div className="segmented">
        {(['imperial', 'metric'] as const).map((system) => (
          <label key={system} className="segmented__option">
            <input
              type="radio"
              name="measurementSystem"
              value={system}
              checked={chosen === system}
              onChange={() => onChange(system)}
            />
            <span>{system === 'imperial' ? 'Imperial (ft, in, lbs)' : 'Metric (cm, kg)'}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface FieldsProps {
  fields: FormFields;
  errors: FieldErrors;
  change: (name: FormFieldName, value: string) => void;
}

/** Props tying a control to its message. */
const described = (errors: FieldErrors, name: FormFieldName) => describedBy(fieldId(name), errors[name]);

function AgeAndGender({ fields, errors, change }: FieldsProps) {
  return (
    <>
      <Field controlId={fieldId('age')} label="Age" error={errors.age}>
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
          {...described(errors, 'age')}
        />
      </Field>

      <Field controlId={fieldId('gender')} label="Gender" error={errors.gender}>
        <select
          id={fieldId('gender')}
          value={fields.gender}
          onChange={(e) => change('gender', e.target.value)}
          {...described(errors, 'gender')}
        >
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {genderLabel(gender)}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}

function ActivityField({ fields, errors, change }: FieldsProps) {
  return (
    <Field controlId={fieldId('activityLevel')} label="Activity Level" error={errors.activityLevel} wide>
      <select
        id={fieldId('activityLevel')}
        value={fields.activityLevel}
        onChange={(e) => change('activityLevel', e.target.value)}
        {...described(errors, 'activityLevel')}
      >
        {ACTIVITY_LEVELS.map((level) => (
          <option key={level} value={level}>
            {ACTIVITY_LABELS[level]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Height, weight, waist and hip in the chosen units (waist and hip optional). */
function BodyMeasurements({ fields, errors, change }: FieldsProps) {
  const imperial = fields.measurementSystem === 'imperial';
  const measurement = (name: 'height' | 'weight' | 'waist' | 'hip', unit: string) => (
    <input
      id={fieldId(name)}
      type="number"
      inputMode="decimal"
      step="any"
      placeholder={unit}
      autoComplete="off"
      value={fields[name]}
      onChange={(e) => change(name, e.target.value)}
      {...describedBy(fieldId(name), errors[name])}
    />
  );
  return (
    <>
      {imperial ? (
        <ImperialHeight fields={fields} errors={errors} change={change} />
      ) : (
        <Field controlId={fieldId('height')} label="Height (cm)" error={errors.height}>
          {measurement('height', 'cm')}
        </Field>
      )}

      <Field
        controlId={fieldId('weight')}
        label={imperial ? 'Weight (lbs)' : 'Weight (kg)'}
        error={errors.weight}
      >
        {measurement('weight', imperial ? 'lbs' : 'kg')}
      </Field>

      {(['waist', 'hip'] as const).map((name) => (
        <Field
          key={name}
          controlId={fieldId(name)}
          label={`${name === 'waist' ? 'Waist' : 'Hip'} (${imperial ? 'inches' : 'cm'}, optional)`}
          error={errors[name]}
        >
          {measurement(name, imperial ? 'inches' : 'cm')}
        </Field>
      ))}
    </>
  );
}

/** An imperial height: feet and inches, two selects that write the height in inches. */
function ImperialHeight({ fields, errors, change }: FieldsProps) {
  const feetInches = inchesToFeetInches(Number(fields.height) || 0);
  const setHeight = (feet: number, inches: number) =>
    change('height', String(feetInchesToInches(feet, inches)));
  const part = (
    id: string,
    unit: 'Feet' | 'Inches',
    value: number,
    options: readonly number[],
    suffix: string,
    onPick: (value: number) => void,
  ) => (
    <div className="height-selects__part">
      <label className="field__sublabel" htmlFor={id}>
        <span className="visually-hidden">Height </span>
        {unit}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onPick(Number(e.target.value))}
        {...describedBy(fieldId('height'), errors.height)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option} {suffix}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="field field--wide">
      <legend className="field__label">Height</legend>
      <div className="height-selects">
        {part('field-height-feet', 'Feet', feetInches.feet, HEIGHT_FEET_OPTIONS, 'ft', (feet) =>
          setHeight(feet, feetInches.inches),
        )}
        {part('field-height-inches', 'Inches', feetInches.inches, HEIGHT_INCH_OPTIONS, 'in', (inches) =>
          setHeight(feetInches.feet, inches),
        )}
      </div>
      <FieldError id={errorId('height')} message={errors.height} />
    </fieldset>
  );
}
