// Tab 7, "Activitate recentă": the last 20 offer clicks, refreshed every 10 s by the dashboard
// (useLiveDashboardReads), also while another tab is open.
import type { RecentClick } from '@bodymetrics/contracts';
import { formatDateTime, lastChars, placeholder } from '../../lib/format';
import { listSizes } from '../../lib/metrics';
import { useRecentClicks, type Period } from '../analytics-queries';
import { CsvLink } from '../CsvLink';
import { DataTable } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';

export function RecentActivityTab({ period }: { period: Period }) {
  const clicks = useRecentClicks();
  return (
    <Panel
      title="Activitate recentă"
      actions={<CsvLink name="recent-clicks" period={period} what="activitate recentă" />}
    >
      <QueryState query={clicks} isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <DataTable<RecentClick>
            caption={`Ultimele ${listSizes.recentClicks} clickuri pe oferte`}
            rows={rows.slice(0, listSizes.recentClicks)}
            rowKey={(r) => r.id}
            testId="recent-clicks"
            columns={[
              { header: 'Ofertă', cell: (r) => r.offerTitle || placeholder },
              {
                header: 'Vizitator',
                cell: (r) => (
                  <span className="mono" title={r.visitorId ?? undefined}>
                    {lastChars(r.visitorId)}
                  </span>
                ),
              },
              { header: 'IP', cell: (r) => <span className="mono">{r.ipAddress || placeholder}</span> },
              { header: 'Ora', cell: (r) => formatDateTime(r.clickedAt) },
            ]}
          />
        )}
      </QueryState>
    </Panel>
  );
}
