// Validation for the one route whose body has two shapes (page-visit and page_leave): chosen by
// `action`, then reported like every other validation error, naming the field.
import type { z } from 'zod';
import { HttpError } from '@bodymetrics/service-kit';

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => {
    const keys = (issue as { keys?: string[] }).keys;
    const base = issue.path.join('.');
    const field = keys?.length ? keys.map((k) => (base ? `${base}.${k}` : k)).join(', ') : base || '(body)';
    return { field, message: issue.message };
  });
  const first = details[0];
  throw new HttpError(
    400,
    'validation_error',
    first ? `${first.field}: ${first.message}` : 'Invalid request',
    details,
  );
}
