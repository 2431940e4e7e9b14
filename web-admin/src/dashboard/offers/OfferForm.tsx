// The offer form (create and edit): every field labelled, checked on submit with the
// server's rules in Romanian (lib/offer-form-rules.ts), each message beside its field; the first field in
// error takes the focus. A server refusal (400 naming the field) is shown under the form.
import { bmiCategories, goals, type OfferFields } from '@bodymetrics/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
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

type TextField = 'title' | 'description' | 'url' | 'imageUrl' | 'ctaLabel' | 'disclaimer';
const fieldOrder: (keyof OfferFormValues)[] = [
  'title',
  'description',
  'url',
  'imageUrl',
  'bmiCategory',
  'goal',
  'ctaLabel',
  'disclaimer',
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

  const described = (field: keyof OfferFormValues) => ({
    id: `${ids}-${field}`,
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${ids}-${field}-error` : undefined,
  });
  const errorOf = (field: keyof OfferFormValues) =>
    errors[field] ? (
      <p id={`${ids}-${field}-error`} className="form-error">
        {errors[field]}
      </p>
    ) : null;
  const text = (field: TextField, multiline = false) => (
    <div className="field">
      <label htmlFor={`${ids}-${field}`}>{offerTexts[field]}</label>
      {multiline ? (
        <textarea
          {...described(field)}
          rows={3}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      ) : (
        <input
          {...described(field)}
          type={field === 'url' || field === 'imageUrl' ? 'url' : 'text'}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
      {errorOf(field)}
    </div>
  );

  return (
    <form
      ref={form}
      className="form offer-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-heading`}
    >
      <h4 id={`${ids}-heading`}>{offer ? offerTexts.editHeading(offer.title) : offerTexts.createHeading}</h4>
      {text('title')}
      {text('description', true)}
      {text('url')}
      {text('imageUrl')}
      <div className="field">
        <label htmlFor={`${ids}-bmiCategory`}>{offerTexts.bmiCategory}</label>
        <select
          {...described('bmiCategory')}
          value={values.bmiCategory}
          onChange={(e) => set('bmiCategory', e.target.value)}
        >
          <option value="">—</option>
          {bmiCategories.map((c) => (
            <option key={c} value={c}>
              {bmiCategoryLabel(c)}
            </option>
          ))}
        </select>
        {errorOf('bmiCategory')}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-goal`}>{offerTexts.goal}</label>
        <select {...described('goal')} value={values.goal} onChange={(e) => set('goal', e.target.value)}>
          <option value="">—</option>
          {goals.map((g) => (
            <option key={g} value={g}>
              {goalLabel(g)}
            </option>
          ))}
        </select>
        {errorOf('goal')}
      </div>
      {text('ctaLabel')}
      {text('disclaimer')}
      <label className="check">
        <input
          type="checkbox"
          name="evidenceBased"
          checked={values.evidenceBased}
          onChange={(e) => set('evidenceBased', e.target.checked)}
        />
        {offerTexts.evidenceBased}
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="active"
          checked={values.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        {offerTexts.active}
      </label>
      {serverError ? (
        <p role="alert" className="form-error">
          {serverError}
        </p>
      ) : null}
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
