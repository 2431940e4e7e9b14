// Tab 3, "Performanță afiliați": offers ranked by clicks, with their impressions, unique clicks (one per
// visitor, offer and day) and click-through — overall and per page (bridge, results) — their conversions,
// conversion rate, revenue and EPC, when each was last clicked and its link; then the same figures summed per
// BMI category and goal (affiliate-breakdown.ts), and the conversions per day and per category and goal
// (ConversionPanels). The ranking shows what an operator acts on first — rank, offer, clicks,
// conversions, revenue, EPC, last click and the link — and the other fourteen columns through its chooser (the
// suspicious share of its clicks and its suspicious conversions among them).
import type { AffiliateStatsRow } from '@bodymetrics/contracts';
import { formatDateTime, formatMoney, formatNumber, formatPercent, placeholder } from '../../lib/format';
import { bmiCategoryLabel, goalLabel } from '../../lib/labels';
import { safeHttpUrl } from '../../lib/safe-url';
import { affiliateTexts as t, conversionTexts, suspiciousClickTexts } from '../../texts';
import { useAffiliateStats, useOverview, type Period } from '../analytics-queries';
import { CsvLink } from '../CsvLink';
import { DataTable, type Column } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';
import { suspiciousShareColumn } from '../suspicious-share-column';
import { breakdownByCategoryAndGoal, type BreakdownRow } from './affiliate-breakdown';
import { ConversionPanels } from './ConversionPanels';

function OfferLink({ offer }: { offer: AffiliateStatsRow }) {
  const href = safeHttpUrl(offer.offerUrl);
  if (!href) return <span className="muted">Link indisponibil</span>;
  return (
    <a
      className="button button-secondary button-small"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Deschide oferta ${offer.offerTitle} (fereastră nouă)`}
    >
      Deschide
    </a>
  );
}

/** A CTR, or a dash when nothing was shown (no impression: the rate is unknown, not 0 %). */
const ctrText = (ctr: number | null) => (ctr === null ? placeholder : formatPercent(ctr));
const categoryText = (category: string | null) => (category ? bmiCategoryLabel(category) : t.unknown);
const goalText = (goal: string | null) => (goal ? goalLabel(goal) : t.unknown);

type Ranked = AffiliateStatsRow;

/** A count the ranking shows once chosen. */
const optionalCount = (header: string, count: (r: Ranked) => number): Column<Ranked> => ({
  header,
  cell: (r) => formatNumber(count(r)),
  numeric: true,
  optional: true,
});

/** A click-through rate the ranking shows once chosen. */
const optionalCtr = (header: string, ctr: (r: Ranked) => number | null): Column<Ranked> => ({
  header,
  cell: (r) => ctrText(ctr(r)),
  numeric: true,
  optional: true,
});

/** The ranking's columns: what an operator acts on first, the rest behind the chooser. */
const rankingColumns = (currency: string): Column<Ranked>[] => [
  { header: t.columnRank, cell: (_r, index) => `#${index + 1}`, numeric: true },
  { header: t.columnOffer, cell: (r) => r.offerTitle },
  { header: t.columnCategory, cell: (r) => categoryText(r.bmiCategory), optional: true },
  { header: t.columnGoal, cell: (r) => goalText(r.goal), optional: true },
  optionalCount(t.columnImpressions, (r) => r.impressions),
  { header: t.columnClicks, cell: (r) => formatNumber(r.clickCount), numeric: true },
  optionalCount(t.columnUniqueClicks, (r) => r.uniqueClicks),
  optionalCtr(t.columnCtr, (r) => r.ctr),
  optionalCount(t.columnBridgeImpressions, (r) => r.bridgeImpressions),
  optionalCount(t.columnBridgeClicks, (r) => r.bridgeClicks),
  optionalCtr(t.columnBridgeCtr, (r) => r.bridgeCtr),
  optionalCount(t.columnResultsImpressions, (r) => r.resultsImpressions),
  optionalCount(t.columnResultsClicks, (r) => r.resultsClicks),
  optionalCtr(t.columnResultsCtr, (r) => r.resultsCtr),
  suspiciousShareColumn<Ranked>(),
  // Conversions, each over the Clickuri column.
  { header: conversionTexts.conversions, cell: (r) => formatNumber(r.conversions), numeric: true },
  {
    header: conversionTexts.conversionRate,
    cell: (r) => formatPercent(r.conversionRate),
    numeric: true,
    optional: true,
  },
  {
    header: conversionTexts.revenue(currency),
    id: 'revenue',
    cell: (r) => formatMoney(r.revenue, currency),
    numeric: true,
  },
  {
    header: conversionTexts.epc(currency),
    id: 'epc',
    cell: (r) => formatMoney(r.epc, currency),
    numeric: true,
  },
  optionalCount(t.columnSuspiciousConversions, (r) => r.suspiciousConversions),
  { header: t.columnLastClick, cell: (r) => (r.lastClicked ? formatDateTime(r.lastClicked) : t.never) },
  { header: t.columnLink, cell: (r) => <OfferLink offer={r} /> },
];

export function AffiliateTab({ period }: { period: Period }) {
  const stats = useAffiliateStats(period);
  const currency = useOverview(period).data?.revenueCurrency ?? '';
  return (
    <>
      <Panel
        title="Performanță afiliați"
        definition={`${t.definitions} ${conversionTexts.definitions} ${suspiciousClickTexts.definition}`}
        actions={<CsvLink name="affiliate-stats" period={period} what="performanță afiliați" />}
      >
        <QueryState query={stats} isEmpty={(rows) => rows.length === 0}>
          {(rows) => (
            <>
              <DataTable<AffiliateStatsRow>
                caption={t.caption}
                rows={[...rows].sort((a, b) => b.clickCount - a.clickCount || b.impressions - a.impressions)}
                rowKey={(r) => r.offerId}
                testId="affiliate-stats"
                columns={rankingColumns(currency)}
              />
              <h3>{t.breakdownTitle}</h3>
              <DataTable<BreakdownRow>
                caption={t.breakdownCaption}
                rows={breakdownByCategoryAndGoal(rows)}
                rowKey={(r) => `${r.bmiCategory ?? ''}|${r.goal ?? ''}`}
                testId="affiliate-breakdown"
                columns={[
                  { header: t.columnCategory, cell: (r) => categoryText(r.bmiCategory) },
                  { header: t.columnGoal, cell: (r) => goalText(r.goal) },
                  { header: t.columnImpressions, cell: (r) => formatNumber(r.impressions), numeric: true },
                  { header: t.columnClicks, cell: (r) => formatNumber(r.clickCount), numeric: true },
                  { header: t.columnUniqueClicks, cell: (r) => formatNumber(r.uniqueClicks), numeric: true },
                  { header: t.columnCtr, cell: (r) => ctrText(r.ctr), numeric: true },
                ]}
              />
            </>
          )}
        </QueryState>
      </Panel>
      <ConversionPanels period={period} currency={currency} />
    </>
  );
}
