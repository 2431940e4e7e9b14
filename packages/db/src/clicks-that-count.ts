// Clicks that count (docs/counting.md: Suspicious click): a suspicious click stays stored and counted as a
// click (Clickuri), but what a click is worth — EPC, CTR, the offers' shares — is worked out from the clicks
// that count only. One expression for every reader of affiliate_daily_clicks, so none subtracts its own way.
import { sql, type RawBuilder } from 'kysely';
import type { OfferPlacement } from '@bodymetrics/contracts';

/** The column pair an offer's clicks and suspicious clicks are kept in, overall or on one page. */
const columnsOf = (placement?: OfferPlacement) =>
  placement
    ? ([`${placement}_clicks`, `${placement}_suspicious_clicks`] as const)
    : (['clicks', 'suspicious_clicks'] as const);

/**
 * affiliate_daily_clicks' clicks that count of a row, as a column expression — the clicks less the suspicious
 * ones; on one page when `placement` is given. `table` names the table or its alias when the query joins.
 * Sum it over a period: `sum(${clicksThatCount()})`.
 */
export function clicksThatCount(of: { table?: string; placement?: OfferPlacement } = {}): RawBuilder<number> {
  const [clicks, suspicious] = columnsOf(of.placement);
  const ref = (column: string) => sql.ref(of.table ? `${of.table}.${column}` : column);
  return sql<number>`(${ref(clicks)} - ${ref(suspicious)})`;
}
