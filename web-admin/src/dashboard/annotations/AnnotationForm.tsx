// The form of a note on the daily charts (a new one, or a change of one): its first date, an optional last
// date, and the note (plain text, at most 140 characters). The server checks the same rules and names the
// field it refuses; that refusal is shown under the form.
import { annotationNoteMaxLength } from '@bodymetrics/contracts';
import { useId, useState, type FormEvent } from 'react';
import { DayField, dayOfTyped, typedDayOf } from '../../forms/DayField';
import { FormError } from '../../forms/FormError';
import { TextField } from '../../forms/TextField';
import { annotationTexts } from '../../texts';

export interface AnnotationFields {
  date: string;
  endDate?: string;
  note: string;
}

export function AnnotationForm({
  initial,
  saving,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: AnnotationFields;
  saving: boolean;
  error: string | null;
  onSubmit: (fields: AnnotationFields) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [date, setDate] = useState(typedDayOf(initial?.date));
  const [endDate, setEndDate] = useState(
    typedDayOf(initial?.endDate !== initial?.date ? initial?.endDate : undefined),
  );
  const [note, setNote] = useState(initial?.note ?? '');
  const [typingError, setTypingError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const [first, last] = [dayOfTyped(date), dayOfTyped(endDate)];
    const wrong = [first, last].find((day) => day instanceof Error);
    setTypingError(wrong ? wrong.message : null);
    if (wrong || typeof first !== 'string' || typeof last !== 'string') return;
    onSubmit({ date: first, note, ...(last ? { endDate: last } : {}) });
  };
  const shownError = typingError ?? error;
  return (
    <form className="form annotation-form" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>{initial ? annotationTexts.edit : annotationTexts.addHeading}</h4>
      <DayField label={annotationTexts.date} name="date" required value={date} onValueChange={setDate} />
      <DayField label={annotationTexts.endDate} name="endDate" value={endDate} onValueChange={setEndDate} />
      <TextField
        label={annotationTexts.note}
        name="note"
        required
        maxLength={annotationNoteMaxLength}
        value={note}
        onValueChange={setNote}
      />
      <FormError message={shownError} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? annotationTexts.saving : initial ? annotationTexts.save : annotationTexts.add}
        </button>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {annotationTexts.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
