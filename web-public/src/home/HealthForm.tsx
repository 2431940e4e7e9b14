// The calculator form (spec §2 Home, §5): every message appears under its field, is tied to the control
// with aria-describedby and aria-invalid, and a failed submit moves focus to the first invalid field.
import {
  ACTIVITY_LEVELS,
  feetInchesToInches,
  GENDERS,
  HEIGHT_FEET_OPTIONS,
  HEIGHT_INCH_OPTIONS,
  inchesToFeetInches,
  type HealthFormValues,
  type MeasurementSystem,
} from '@bodymetrics/health';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState, type FormEvent } from 'react';
import { describedBy, errorIdOf, Field, FieldError } from '../forms/Field';
import { DeviceOnlyAnswersSlot } from './DeviceOnlyAnswersSlot';
import { loadFormCheck, type FormCheck } from './load-form-check';
import { formTexts } from '../texts/form';
import { noTexts, useTexts } from '../texts/i18n';
import { FIELD_SCREEN_ORDER, type FieldErrors, type FormFieldName, type FormFields } from './form-fields';

const fieldId = (name: FormFieldName) => `field-${name}`;

function inLanguage(errors: FieldErrors, texts: Partial<Record<string, string>>): FieldErrors {
  const shown: FieldErrors = {};
  for (const [name, message] of Object.entries(errors) as [FormFieldName, string][]) {
    shown[name] = texts[message] ?? message;
  }
  return shown;
}
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
  const t = useTexts(formTexts);
  // The messages come in the engine's English; they are shown in the page's language.
  const [validation, setValidation] = useState<ReadableAtom<Partial<Record<string, string>>>>(noTexts);
  const shownErrors = inLanguage(errors, useTexts(validation));

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
      const formCheck = await loadFormCheck();
      setValidation(formCheck.validationTexts);
      check = formCheck.checkForm(fields);
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
      <h2 id="health-form-title">{t.title}</h2>
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
          <AgeAndGender fields={fields} errors={shownErrors} change={change} />

          <BodyMeasurements fields={fields} errors={shownErrors} change={change} />

          <ActivityField fields={fields} errors={shownErrors} change={change} />
        </div>

        <DeviceOnlyAnswersSlot />

        {errors.measurementSystem ? (
          <FieldError id={errorId('measurementSystem')} message={shownErrors.measurementSystem} />
        ) : null}

        <button
          type="submit"
          data-keep-clear-of-banner=""
          className="button button--primary button--block button--large"
          disabled={processing || checking}
        >
          {processing || checking ? t.processing : t.submit}
        </button>
        <p className="form-card__promo">{t.promo}</p>
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
  const t = useTexts(formTexts);
  return (
    <fieldset className="units">
      <legend>{t.units}</legend>
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
            <span>{t[system]}</span>
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
  const t = useTexts(formTexts);
  return (
    <>
      <Field controlId={fieldId('age')} label={t.age} error={errors.age}>
        <input
          id={fieldId('age')}
          type="number"
          inputMode="numeric"
          min={18}
          max={120}
          step={1}
          placeholder={t.years}
          autoComplete="off"
          value={fields.age}
          onChange={(e) => change('age', e.target.value)}
          {...described(errors, 'age')}
        />
      </Field>

      <Field controlId={fieldId('gender')} label={t.gender} error={errors.gender}>
        <select
          id={fieldId('gender')}
          value={fields.gender}
          onChange={(e) => change('gender', e.target.value)}
          {...described(errors, 'gender')}
        >
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t[gender]}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}

function ActivityField({ fields, errors, change }: FieldsProps) {
  const t = useTexts(formTexts);
  return (
    <Field controlId={fieldId('activityLevel')} label={t.activityLevel} error={errors.activityLevel} wide>
      <select
        id={fieldId('activityLevel')}
        value={fields.activityLevel}
        onChange={(e) => change('activityLevel', e.target.value)}
        {...described(errors, 'activityLevel')}
      >
        {ACTIVITY_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t[level]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Height, weight, waist and hip in the chosen units (waist and hip optional). */
function BodyMeasurements({ fields, errors, change }: FieldsProps) {
  const t = useTexts(formTexts);
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
        <Field controlId={fieldId('height')} label={t.heightCm} error={errors.height}>
          {measurement('height', 'cm')}
        </Field>
      )}

      <Field controlId={fieldId('weight')} label={imperial ? t.weightLbs : t.weightKg} error={errors.weight}>
        {measurement('weight', imperial ? 'lbs' : 'kg')}
      </Field>

      {(['waist', 'hip'] as const).map((name) => (
        <Field
          key={name}
          controlId={fieldId(name)}
          label={t[`${name}${imperial ? 'Inches' : 'Cm'}`]}
          error={errors[name]}
        >
          {measurement(name, imperial ? t.unitInches : 'cm')}
        </Field>
      ))}
    </>
  );
}

/** An imperial height: feet and inches, two selects that write the height in inches. */
function ImperialHeight({ fields, errors, change }: FieldsProps) {
  const t = useTexts(formTexts);
  const feetInches = inchesToFeetInches(Number(fields.height) || 0);
  const setHeight = (feet: number, inches: number) =>
    change('height', String(feetInchesToInches(feet, inches)));
  const part = (
    id: string,
    unit: string,
    value: number,
    options: readonly number[],
    suffix: string,
    onPick: (value: number) => void,
  ) => (
    <div className="height-selects__part">
      <label className="field__sublabel" htmlFor={id}>
        <span className="visually-hidden">{t.height} </span>
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
      <legend className="field__label">{t.height}</legend>
      <div className="height-selects">
        {part('field-height-feet', t.feet, feetInches.feet, HEIGHT_FEET_OPTIONS, 'ft', (feet) =>
          setHeight(feet, feetInches.inches),
        )}
        {part('field-height-inches', t.inches, feetInches.inches, HEIGHT_INCH_OPTIONS, 'in', (inches) =>
          setHeight(feetInches.feet, inches),
        )}
      </div>
      <FieldError id={errorId('height')} message={errors.height} />
    </fieldset>
  );
}
