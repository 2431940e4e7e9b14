// The admin's notes on the main chart: the list numbered as the chart's marks, each note changed or deleted
// in place, and the form of a new one.
import type { Annotation } from '@bodymetrics/contracts';
import { useState } from 'react';
import { annotationTexts } from '../../texts';
import { AnnotationForm, type AnnotationFields } from './AnnotationForm';
import { AnnotationList, type ListedAnnotation } from './AnnotationList';
import { useAnnotationWrites } from './annotation-queries';

export function AnnotationsPanel({ annotations }: { annotations: Annotation[] }) {
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<ListedAnnotation | null>(null);
  const writes = useAnnotationWrites((e) => setError(annotationTexts.failed(e.message)));
  const saved = () => {
    setError(null);
    setEditing(null);
  };
  const change = (fields: AnnotationFields) => {
    if (!editing) return;
    const body = { date: fields.date, endDate: fields.endDate ?? fields.date, note: fields.note };
    writes.update.mutate({ id: editing.id, body }, { onSuccess: saved });
  };
  return (
    <div className="annotations-panel">
      <AnnotationList
        annotations={annotations}
        onEdit={(a) => {
          setError(null);
          setEditing(a);
        }}
        onRemove={(a) => writes.remove.mutate(a.id)}
      />
      {editing ? (
        <AnnotationForm
          key={editing.id}
          initial={editing}
          saving={writes.update.isPending}
          error={error}
          onSubmit={change}
          onCancel={saved}
        />
      ) : (
        <AnnotationForm
          saving={writes.create.isPending}
          error={error}
          onSubmit={(fields) => writes.create.mutate(fields, { onSuccess: saved })}
        />
      )}
    </div>
  );
}
