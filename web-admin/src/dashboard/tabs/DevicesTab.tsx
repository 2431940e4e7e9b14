// Tab 5, "Dispozitive și browsere": browser on operating system, device type, visits.
import type { DeviceStatsRow } from '@bodymetrics/contracts';
import { formatNumber } from '../../lib/format';
import { browserOnSystem, deviceTypeLabel } from '../../lib/labels';
import { useDeviceStats, type Period } from '../analytics-queries';
import { CsvLink } from '../CsvLink';
import { DataTable } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';

export function DevicesTab({ period }: { period: Period }) {
  const devices = useDeviceStats(period);
  return (
    <Panel
      title="Dispozitive și browsere"
      actions={<CsvLink name="device-stats" period={period} what="dispozitive și browsere" />}
    >
      <QueryState query={devices} isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <DataTable<DeviceStatsRow>
            caption="Dispozitive și browsere"
            captionHidden
            rows={rows}
            rowKey={(r, i) => `${r.browserName}|${r.operatingSystem}|${r.deviceType}|${i}`}
            testId="device-stats"
            columns={[
              { header: 'Browser și sistem', cell: (r) => browserOnSystem(r.browserName, r.operatingSystem) },
              { header: 'Tip dispozitiv', cell: (r) => deviceTypeLabel(r.deviceType) },
              { header: 'Vizite', cell: (r) => formatNumber(r.count), numeric: true },
            ]}
          />
        )}
      </QueryState>
    </Panel>
  );
}
