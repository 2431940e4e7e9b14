// The suspicious share of a row (docs/counting.md: Suspicious click) as one column for the three tables that
// show it — Affiliate Performance, Campaigns, Traffic Sources — behind each table's column chooser.
import { formatNumber, formatPercent, placeholder } from '../lib/format';
import { suspiciousClickTexts } from '../texts';
import type { Column } from './DataTable';

interface WithSuspiciousClicks {
  suspiciousClicks: number;
  suspiciousShare: number | null;
}

/** "12,5% (3)": the share of the row's clicks that are suspicious, and how many; "—" without clicks. */
export const suspiciousShareText = (row: WithSuspiciousClicks): string =>
  row.suspiciousShare === null
    ? placeholder
    : `${formatPercent(row.suspiciousShare)} (${formatNumber(row.suspiciousClicks)})`;

export const suspiciousShareColumn = <Row extends WithSuspiciousClicks>(): Column<Row> => ({
  header: suspiciousClickTexts.share,
  cell: suspiciousShareText,
  numeric: true,
  optional: true,
});
