// The offer form (create and edit): every field labelled, checked on submit with the
// server's rules in Romanian (lib/offer-form-rules.ts), each message beside its field; the first field in
// error takes the focus. A server refusal (400 naming the field) is shown under the form.
import { bmiCategories, goals, type OfferFields } from '@bodymetrics/contracts';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormError } from '../../forms/FormError';
import { bmiCategoryLabel, goalLabel } from '../../lib/labels';
import {
  emptyOfferForm,
  offerFieldsOf,
  offerFormErrors,
  offerFormValuesOf,
  type OfferFormErrors,
  type OfferFormValues,
} from '../../lib/offer-form-rules';
import { offerTexts } from '../../texts';

type TextField = 'title' | 'description' | 'url' | 'imageUrl' | 'ctaLabel' | 'disclaimer' | 'dailyClickCap';
const fieldOrder: (keyof OfferFormValues)[] = [
  'title',
  'description',
  'url',
  'imageUrl',
  'bmiCategory',
  'goal',
  'ctaLabel',
  'disclaimer',
  'dailyClickCap',
];

export function OfferForm({
  offer,
  saving,
  serverError,
  onSubmit,
  onCancel,
}: {
  /** The offer being edited; absent for a new one. */
  offer?: OfferFields | undefined;
  saving: boolean;
  serverError?: string | null | undefined;
  onSubmit: (fields: OfferFields) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<OfferFormValues>(offer ? offerFormValuesOf(offer) : emptyOfferForm);
  const [errors, setErrors] = useState<OfferFormErrors>({});

  const set = <K extends keyof OfferFormValues>(field: K, value: OfferFormValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = offerFormErrors(values);
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!saving) onSubmit(offerFieldsOf(values));
  }

  const state: FieldState = { ids, values, errors, set };
  return (
    <form
      ref={form}
      className="form offer-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-heading`}
    >
      <h4 id={`${ids}-heading`}>{offer ? offerTexts.editHeading(offer.title) : offerTexts.createHeading}</h4>
      <OfferText state={state} field="title" />
      <OfferText state={state} field="description" multiline />
      <OfferText state={state} field="url" />
      <OfferText state={state} field="imageUrl" />
      <OfferChoice state={state} field="bmiCategory" options={bmiCategories} labelOf={bmiCategoryLabel} />
      <OfferChoice state={state} field="goal" options={goals} labelOf={goalLabel} />
      <OfferText state={state} field="ctaLabel" />
      <OfferText state={state} field="disclaimer" />
      <OfferText state={state} field="dailyClickCap" hint={offerTexts.dailyClickCapHint} />
      <OfferCheck state={state} field="evidenceBased" />
      <OfferCheck state={state} field="active" />
      <FormError message={serverError ?? null} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? offerTexts.saving : offerTexts.save}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {offerTexts.cancel}
        </button>
      </div>
    </form>
  );
}

/** What each field of the form reads and how it changes its value. */
interface FieldState {
  ids: string;
  values: OfferFormValues;
  errors: OfferFormErrors;
  set: <K extends keyof OfferFormValues>(field: K, value: OfferFormValues[K]) => void;
}

/** A field's id and name, tied to its message while it has one. */
const described = ({ ids, errors }: FieldState, field: keyof OfferFormValues) => ({
  id: `${ids}-${field}`,
  name: field,
  'aria-invalid': errors[field] ? true : undefined,
  'aria-describedby': errors[field] ? `${ids}-${field}-error` : undefined,
});

/** A labelled control with its message under it. */
function OfferField({
  state,
  field,
  hint,
  children,
}: {
  state: FieldState;
  field: keyof OfferFormValues;
  /** What the field does, under its label. */
  hint?: string | undefined;
  children: ReactNode;
}) {
  const error = state.errors[field];
  return (
    <div className="field">
      <label htmlFor={`${state.ids}-${field}`}>{offerTexts[field]}</label>
      {hint ? (
        <p id={`${state.ids}-${field}-hint`} className="muted">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${state.ids}-${field}-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function OfferText({
  state,
  field,
  multiline = false,
  hint,
}: {
  state: FieldState;
  field: TextField;
  multiline?: boolean;
  hint?: string;
}) {
  const { values, set } = state;
  return (
    <OfferField state={state} field={field} hint={hint}>
      {multiline ? (
        <textarea
          {...described(state, field)}
          rows={3}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      ) : (
        <input
          {...described(state, field)}
          type={field === 'url' || field === 'imageUrl' ? 'url' : 'text'}
          inputMode={field === 'dailyClickCap' ? 'numeric' : undefined}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </OfferField>
  );
}

/** A choice among the vocabulary's words (BMI category, goal), each shown by its Romanian label. */
function OfferChoice<T extends string>({
  state,
  field,
  options,
  labelOf,
}: {
  state: FieldState;
  field: 'bmiCategory' | 'goal';
  options: readonly T[];
  labelOf: (option: T) => string;
}) {
  return (
    <OfferField state={state} field={field}>
      <select
        {...described(state, field)}
        value={state.values[field]}
        onChange={(e) => state.set(field, e.target.value)}
      >
        <option value="">—</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </OfferField>
  );
}

function OfferCheck({ state, field }: { state: FieldState; field: 'evidenceBased' | 'active' }) {
  return (
    <label className="check">
      <input
        type="checkbox"
        name={field}
        checked={state.values[field]}
        onChange={(e) => state.set(field, e.target.checked)}
      />
      {offerTexts[field]}
    </label>
  );
}
