// Tab 6, "Geografie": visitors by browser time zone and language (no IP geolocation).
import type { GeographicStatsRow } from '@bodymetrics/contracts';
import { formatNumber } from '../../lib/format';
import { useGeographicStats, type Period } from '../analytics-queries';
import { CsvLink } from '../CsvLink';
import { DataTable } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';

export function GeographyTab({ period }: { period: Period }) {
  const geography = useGeographicStats(period);
  return (
    <Panel title="Geografie" actions={<CsvLink name="geographic-stats" period={period} what="geografie" />}>
      <QueryState query={geography} isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <DataTable<GeographicStatsRow>
            caption="Vizitatori după fus orar și limbă"
            rows={rows}
            rowKey={(r, i) => `${r.timeZone}|${r.language}|${i}`}
            testId="geographic-stats"
            columns={[
              { header: 'Fus orar', cell: (r) => r.timeZone },
              { header: 'Limbă', cell: (r) => r.language },
              { header: 'Vizitatori unici', cell: (r) => formatNumber(r.count), numeric: true },
            ]}
          />
        )}
      </QueryState>
    </Panel>
  );
}
