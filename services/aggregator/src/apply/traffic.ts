// First touch per visitor (traffic_sources) and the per-day traffic table the dashboard reads. A
// visitor's conversion may be applied before or after their first touch (different topics), so both
// orders end with the visitor counted once as converted under their first-touch row.
import { sql } from 'kysely';
import type { ClassifiedTrafficSource } from '@bodymetrics/contracts';
import { chunks, incrementRows, type Trx } from '../sql-helpers';

export interface FirstTouch extends ClassifiedTrafficSource {
  visitorId: string;
  at: string;
  date: string;
  landingPage: string;
}

export async function applyFirstTouches(trx: Trx, touches: FirstTouch[]): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (const slice of chunks(touches, 500)) {
    const inserted = await trx
      .insertInto('traffic_sources')
      .values(
        slice.map((t) => ({
          visitor_id: t.visitorId,
          source: t.source,
          medium: t.medium,
          campaign: t.campaign,
          keyword: t.keyword,
          referrer_domain: t.referrerDomain,
          landing_page: t.landingPage.slice(0, 2048),
          first_visit: t.at,
          first_visit_date: t.date,
        })),
      )
      .onConflict((oc) => oc.column('visitor_id').doNothing())
      .returning(['visitor_id', 'first_visit_date', 'source', 'medium', 'referrer_domain'])
      .execute();
    if (!inserted.length) continue;
    const converted = new Set(
      (
        await trx
          .selectFrom('session_metrics')
          .select('visitor_id')
          .where('visitor_id', 'in', inserted.map((r) => r.visitor_id))
          .where('conversion_completed', '=', true)
          .execute()
      ).map((r) => r.visitor_id),
    );
    for (const r of inserted) {
      rows.push({ date: r.first_visit_date, source: r.source, medium: r.medium, referrer_domain: r.referrer_domain ?? '', visitors: 1, converted: converted.has(r.visitor_id) ? 1 : 0 });
    }
  }
  await incrementRows(trx, { table: 'daily_traffic', keys: ['date', 'source', 'medium', 'referrer_domain'], counters: ['visitors', 'converted'] }, rows);
}

/** Visitors who converted for the first time: counted under their first-touch row, if it exists yet. */
export async function countConversions(trx: Trx, visitorIds: string[]): Promise<void> {
  if (!visitorIds.length) return;
  const rows = await sql<{ date: string; source: string; medium: string; referrer_domain: string; converted: number }>`
    select first_visit_date::text as date, source, medium, coalesce(referrer_domain, '') as referrer_domain, count(*)::int as converted
    from traffic_sources where visitor_id = any(${visitorIds}::text[])
    group by 1, 2, 3, 4
  `.execute(trx);
  await incrementRows(trx, { table: 'daily_traffic', keys: ['date', 'source', 'medium', 'referrer_domain'], counters: ['visitors', 'converted'] }, rows.rows.map((r) => ({ ...r, visitors: 0 })));
}
