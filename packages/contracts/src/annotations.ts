// Annotations of the daily charts: a short plain-text note an admin puts on a date or a range of dates
// ("campaign started"), shown on the dashboard's daily charts and in the daily CSV exports.
import { z } from 'zod';
import { calendarDateSchema } from './analytics';

/** The longest note: a chart's tooltip and a CSV cell stay short. */
export const annotationNoteMaxLength = 140;

/**
 * A note: plain text on one line (no control characters; it is shown as text, never as HTML), trimmed,
 * 1–140 characters.
 */
export const annotationNoteSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(annotationNoteMaxLength, { error: `must be at most ${annotationNoteMaxLength} characters` })
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  .regex(/^[^\u0000-\u001f\u007f]*$/, { error: 'must be one line of plain text' });

export const annotationSchema = z.object({
  id: z.number().int(),
  /** The first date marked (YYYY-MM-DD, ANALYTICS_TZ). */
  date: z.string(),
  /** The last date marked: `date` itself for a single day. */
  endDate: z.string(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Annotation = z.infer<typeof annotationSchema>;

export const annotationListSchema = z.object({ annotations: z.array(annotationSchema) });
export type AnnotationList = z.infer<typeof annotationListSchema>;

/** The annotations that touch `from`..`to` (both optional: every annotation). */
export const annotationListQuerySchema = z
  .object({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    path: ['to'],
    error: 'must not be before from',
  });

const endNotBeforeStart = (body: { date?: string | undefined; endDate?: string | undefined }) =>
  body.date === undefined || body.endDate === undefined || body.endDate >= body.date;

export const annotationCreateBodySchema = z
  .strictObject({
    date: calendarDateSchema,
    endDate: calendarDateSchema.optional(),
    note: annotationNoteSchema,
  })
  .refine(endNotBeforeStart, { path: ['endDate'], error: 'must not be before date' });
export type AnnotationCreateBody = z.output<typeof annotationCreateBodySchema>;

/** A change: any of the fields (the end is checked against the stored start when only one is sent). */
export const annotationPatchBodySchema = z
  .strictObject({
    date: calendarDateSchema.optional(),
    endDate: calendarDateSchema.optional(),
    note: annotationNoteSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'must change date, endDate or note',
  })
  .refine(endNotBeforeStart, { path: ['endDate'], error: 'must not be before date' });
export type AnnotationPatchBody = z.output<typeof annotationPatchBodySchema>;

export const annotationIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const annotationDeletedSchema = z.object({ deleted: z.literal(true), id: z.number().int() });
