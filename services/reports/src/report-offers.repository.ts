// The sponsored offers a report mail may carry. The client says which offers the visitor saw (by id);
// the title, text and link come from our own affiliate_offers table, so the report endpoint cannot be
// used to mail arbitrary links to arbitrary addresses.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@bodymetrics/db';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ReportOfferView {
  id: number;
  title: string;
  description: string;
  url: string;
}

/** Active offers among the given ids, in the order the visitor saw them; unknown ids are dropped. */
export async function findActiveOffers(
  db: Executor,
  ids: readonly (number | string)[],
): Promise<ReportOfferView[]> {
  const wanted = [
    ...new Set(ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647)),
  ];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('affiliate_offers')
    .select(['id', 'title', 'description', 'url'])
    .where('id', 'in', wanted)
    .where('active', '=', true)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap((id) => {
    const r = byId.get(id);
    return r && /^https?:\/\//i.test(r.url)
      ? [{ id: r.id, title: r.title, description: r.description, url: r.url }]
      : [];
  });
}
