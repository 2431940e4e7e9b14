// Tab 2, "Statistici zilnice": the first ten days with unique visitors and page views (the period's chart is the
// dashboard's main chart, above the cards).
import type { DailyStatsRow } from '@bodymetrics/contracts';
import { formatDay, formatNumber } from '../../lib/format';
import { firstRows, listSizes } from '../../lib/metrics';
import { useDailyStats, type Period } from '../analytics-queries';
import { CsvLink } from '../CsvLink';
import { DataTable } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';

export function DailyStatsTab({ period }: { period: Period }) {
  const daily = useDailyStats(period);
  return (
    <Panel
      title="Statistici zilnice"
      actions={<CsvLink name="daily-stats" period={period} what="statistici zilnice" />}
    >
      <QueryState query={daily} isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <DataTable<DailyStatsRow>
            caption={`Statistici zilnice (primele ${listSizes.dailyStats} zile)`}
            rows={firstRows(rows, listSizes.dailyStats)}
            rowKey={(r) => `${r.id}-${r.date}`}
            testId="daily-stats"
            columns={[
              { header: 'Data', cell: (r) => formatDay(r.date) },
              { header: 'Vizitatori unici', cell: (r) => formatNumber(r.uniqueVisitors), numeric: true },
              { header: 'Afișări de pagină', cell: (r) => formatNumber(r.totalPageViews), numeric: true },
            ]}
          />
        )}
      </QueryState>
    </Panel>
  );
}
