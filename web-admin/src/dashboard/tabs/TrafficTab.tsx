// Tab 4, "Surse de trafic": where visitors came from and how many of them clicked an offer (and, through the
// column chooser, the suspicious share of their clicks), then the same visitors by UTM campaign and term
// ("Campanii").
import type { TrafficSourceRow } from '@bodymetrics/contracts';
import { formatNumber, formatPercent, placeholder } from '../../lib/format';
import { useTrafficSources, type Period } from '../analytics-queries';
import { CsvLink } from '../CsvLink';
import { DataTable } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';
import { suspiciousShareColumn } from '../suspicious-share-column';
import { CampaignsPanel } from './CampaignsPanel';

export function TrafficTab({ period }: { period: Period }) {
  const sources = useTrafficSources(period);
  return (
    <>
      <Panel
        title="Surse de trafic"
        actions={<CsvLink name="traffic-sources" period={period} what="surse de trafic" />}
      >
        <QueryState query={sources} isEmpty={(rows) => rows.length === 0}>
          {(rows) => (
            <DataTable<TrafficSourceRow>
              caption="Surse de trafic"
              captionHidden
              rows={rows}
              rowKey={(r, i) => `${r.source}|${r.medium}|${r.referrerDomain ?? ''}|${i}`}
              testId="traffic-sources"
              columns={[
                { header: 'Sursă', cell: (r) => r.source },
                { header: 'Mediu', cell: (r) => r.medium },
                { header: 'Domeniu de referință', cell: (r) => r.referrerDomain || placeholder },
                { header: 'Vizite', cell: (r) => formatNumber(r.count), numeric: true },
                { header: 'Rată de conversie', cell: (r) => formatPercent(r.conversionRate), numeric: true },
                suspiciousShareColumn<TrafficSourceRow>(),
              ]}
            />
          )}
        </QueryState>
      </Panel>
      <CampaignsPanel period={period} />
    </>
  );
}
