// Tab 3, "Performanță afiliați": offers ranked by clicks, their unique clicks (one per visitor, offer and
// day), when each was last clicked, and its link.
import type { AffiliateStatsRow } from '@bodymetrics/contracts';
import { formatDateTime, formatNumber } from '../../lib/format';
import { safeHttpUrl } from '../../lib/safe-url';
import { useAffiliateStats, type Period } from '../analytics-queries';
import { CsvLink } from '../CsvLink';
import { DataTable } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';

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

export function AffiliateTab({ days }: { days: Period }) {
  const stats = useAffiliateStats(days);
  return (
    <Panel
      title="Performanță afiliați"
      actions={<CsvLink name="affiliate-stats" days={days} what="performanță afiliați" />}
    >
      <QueryState query={stats} isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <DataTable<AffiliateStatsRow>
            caption="Oferte ordonate după numărul de clickuri"
            rows={[...rows].sort((a, b) => b.clickCount - a.clickCount)}
            rowKey={(r) => r.offerId}
            testId="affiliate-stats"
            columns={[
              { header: 'Loc', cell: (_r, index) => `#${index + 1}`, numeric: true },
              { header: 'Ofertă', cell: (r) => r.offerTitle },
              { header: 'Clickuri', cell: (r) => formatNumber(r.clickCount), numeric: true },
              { header: 'Clickuri unice', cell: (r) => formatNumber(r.uniqueClicks), numeric: true },
              {
                header: 'Ultimul click',
                cell: (r) => (r.lastClicked ? formatDateTime(r.lastClicked) : 'Niciodată'),
              },
              { header: 'Link', cell: (r) => <OfferLink offer={r} /> },
            ]}
          />
        )}
      </QueryState>
    </Panel>
  );
}
