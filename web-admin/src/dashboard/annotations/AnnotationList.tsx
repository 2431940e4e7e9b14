// The notes under a daily chart, numbered as the chart's marks: each note's dates and text (as text, never
// as HTML), who wrote or last changed it and when; with `editable`, a button to change and one to delete it.
// The list is where the keyboard and a screen reader reach the notes the chart only marks.
import type { Annotation } from '@bodymetrics/contracts';
import { useId } from 'react';
import { formatDateTime, formatDay } from '../../lib/format';
import { annotationTexts } from '../../texts';

export interface ListedAnnotation extends Pick<Annotation, 'id' | 'date' | 'endDate' | 'note'> {
  createdBy?: string;
  createdAt?: string;
  updatedBy?: string | null;
  updatedAt?: string | null;
}

const datesOf = (a: ListedAnnotation) =>
  a.date === a.endDate ? formatDay(a.date) : `${formatDay(a.date)} – ${formatDay(a.endDate)}`;

function whoAndWhen(a: ListedAnnotation): string | null {
  if (a.updatedBy && a.updatedAt) return annotationTexts.changedBy(a.updatedBy, formatDateTime(a.updatedAt));
  if (a.createdBy && a.createdAt) return annotationTexts.by(a.createdBy, formatDateTime(a.createdAt));
  return null;
}

const itemButton = (text: string, label: string, onClick: () => void) => (
  <button type="button" className="button button-secondary button-small" aria-label={label} onClick={onClick}>
    {text}
  </button>
);

export function AnnotationList({
  annotations,
  onEdit,
  onRemove,
}: {
  annotations: ListedAnnotation[];
  onEdit?: (annotation: ListedAnnotation) => void;
  onRemove?: (annotation: ListedAnnotation) => void;
}) {
  const id = useId();
  return (
    <div className="annotations" data-testid="annotations">
      <h3 id={id} className="annotations-heading">
        {annotationTexts.heading}
      </h3>
      {annotations.length === 0 ? (
        <p className="muted">{annotationTexts.none}</p>
      ) : (
        <ol aria-labelledby={id} className="annotation-list">
          {annotations.map((a, index) => {
            const signed = whoAndWhen(a);
            return (
              <li
                key={a.id}
                data-testid="annotation"
                tabIndex={0}
                aria-label={annotationTexts.marker(index + 1)}
              >
                <span className="annotation-number" aria-hidden="true">
                  {index + 1}
                </span>{' '}
                <span className="annotation-dates">{datesOf(a)}</span>:{' '}
                <span className="annotation-note">{a.note}</span>
                {signed ? <span className="muted"> — {signed}</span> : null}
                {onEdit
                  ? itemButton(annotationTexts.edit, annotationTexts.editLabel(a.note), () => onEdit(a))
                  : null}
                {onRemove
                  ? itemButton(annotationTexts.remove, annotationTexts.removeLabel(a.note), () => onRemove(a))
                  : null}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
