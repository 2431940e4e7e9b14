// Tab 1, "Parcursul utilizatorului": today's funnel, where visitors abandon, and the funnel of past days.
import type { Abandonment, FunnelRow } from '@bodymetrics/contracts';
import { formatDay, formatNumber, formatPercent } from '../../lib/format';
import { abandonmentPoints, funnelCounts, funnelSteps } from '../../lib/funnel';
import { firstRows, listSizes, shareOfTotal } from '../../lib/metrics';
import { useAbandonment, useFunnelStats, useTodaySummary, type Period } from '../analytics-queries';
import { LazyFunnelChart } from '../charts/LazyCharts';
import { CsvLink } from '../CsvLink';
import { DataTable } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';

export function JourneyTab({ period }: { period: Period }) {
  const today = useTodaySummary();
  const abandonment = useAbandonment(period);
  const history = useFunnelStats(period);

  return (
    <div className="tab-stack">
      <Panel title="Pâlnia de azi">
        <QueryState query={today}>
          {(summary) => {
            const steps = funnelCounts(summary);
            const landing = steps[0]?.count ?? 0;
            return (
              <>
                <LazyFunnelChart steps={steps} label="Grafic: pâlnia parcursului de azi, pe pași" />
                <DataTable
                  caption="Pâlnia de azi"
                  captionHidden
                  rows={steps}
                  rowKey={(s) => s.key}
                  testId="today-funnel"
                  columns={[
                    { header: 'Pas', cell: (s) => s.label },
                    { header: 'Vizitatori', cell: (s) => formatNumber(s.count), numeric: true },
                    {
                      header: '% din vizitatori',
                      cell: (s) => formatPercent(shareOfTotal(s.count, landing)),
                      numeric: true,
                    },
                  ]}
                />
              </>
            );
          }}
        </QueryState>
      </Panel>

      <Panel title="Analiza abandonului">
        <QueryState query={abandonment}>{(data) => <AbandonmentTable data={data} />}</QueryState>
      </Panel>

      <Panel
        title="Pâlnia pe zile"
        actions={<CsvLink name="funnel-stats" period={period} what="pâlnia pe zile" />}
      >
        <QueryState query={history} isEmpty={(rows) => rows.length === 0}>
          {(rows) => (
            <DataTable<FunnelRow>
              caption={`Pâlnia pe zile (primele ${listSizes.historicalFunnel} zile)`}
              rows={firstRows(rows, listSizes.historicalFunnel)}
              rowKey={(r) => `${r.id}-${r.date}`}
              testId="funnel-history"
              columns={[
                { header: 'Data', cell: (r) => formatDay(r.date) },
                ...funnelSteps.map(({ key, label }) => ({
                  header: label,
                  cell: (r: FunnelRow) => formatNumber(r[key]),
                  numeric: true,
                })),
              ]}
            />
          )}
        </QueryState>
      </Panel>
    </div>
  );
}

function AbandonmentTable({ data }: { data: Abandonment }) {
  const total = data.total_visitors;
  return (
    <>
      <p className="panel-summary">
        Total vizitatori: <strong>{formatNumber(total)}</strong>
      </p>
      <DataTable
        caption="Unde abandonează vizitatorii"
        rows={abandonmentPoints}
        rowKey={(p) => p.key}
        testId="abandonment"
        columns={[
          { header: 'Moment', cell: (p) => p.label },
          { header: 'Vizitatori', cell: (p) => formatNumber(data[p.key]), numeric: true },
          {
            header: '% din total vizitatori',
            cell: (p) => formatPercent(shareOfTotal(data[p.key], total)),
            numeric: true,
          },
        ]}
      />
    </>
  );
}
