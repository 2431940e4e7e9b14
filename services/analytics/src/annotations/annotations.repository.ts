// Annotations of the daily charts in the annotations table (migration 2026-11-28T0700_annotations): listed
// by the dates they touch, written with the admin's name and the time, and joined to the daily CSV rows.
import type { Annotation, AnnotationCreateBody } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';

const columns = [
  'id',
  'start_date',
  'end_date',
  'note',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
] as const;

type Row = {
  id: number;
  start_date: string;
  end_date: string;
  note: string;
  created_by: string;
  created_at: Date;
  updated_by: string | null;
  updated_at: Date | null;
};

const annotationOf = (r: Row): Annotation => ({
  id: r.id,
  date: r.start_date,
  endDate: r.end_date,
  note: r.note,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
});

/** The annotations touching `from`..`to` (either end open), oldest date first. */
export async function listAnnotations(
  db: Db,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<Annotation[]> {
  let query = db.selectFrom('annotations').select(columns);
  if (range.from !== undefined) query = query.where('end_date', '>=', range.from);
  if (range.to !== undefined) query = query.where('start_date', '<=', range.to);
  const rows = await query.orderBy('start_date').orderBy('id').execute();
  return rows.map(annotationOf);
}

export async function findAnnotation(db: Db, id: number): Promise<Annotation | undefined> {
  const row = await db.selectFrom('annotations').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? annotationOf(row) : undefined;
}

export async function createAnnotation(db: Db, body: AnnotationCreateBody, by: string): Promise<Annotation> {
  const row = await db
    .insertInto('annotations')
    .values({ start_date: body.date, end_date: body.endDate ?? body.date, note: body.note, created_by: by })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return annotationOf(row);
}

export async function updateAnnotation(
  db: Db,
  id: number,
  change: { date: string; endDate: string; note: string },
  by: string,
  at: Date,
): Promise<Annotation | undefined> {
  const row = await db
    .updateTable('annotations')
    .set({
      start_date: change.date,
      end_date: change.endDate,
      note: change.note,
      updated_by: by,
      updated_at: at,
    })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
  return row ? annotationOf(row) : undefined;
}

export async function deleteAnnotation(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('annotations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Each date of `from`..`to` with its notes (several joined by " · "), for a column beside daily rows. */
export async function notesByDate(db: Db, from: string, to: string): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  for (const annotation of await listAnnotations(db, { from, to })) {
    for (let day = annotation.date; day <= annotation.endDate; day = nextDate(day)) {
      if (day < from || day > to) continue;
      const before = notes.get(day);
      notes.set(day, before === undefined ? annotation.note : `${before} · ${annotation.note}`);
    }
  }
  return notes;
}

const nextDate = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
