// One tab of a shared link: its heading, for the daily tab the main chart with the period's notes (listed
// under it, no controls), and each of its reads as a table of the fields the link passes on.
import type { SharedTab, SharedViewTab } from '@bodymetrics/contracts';
import { useId, useMemo } from 'react';
import { formatNumber } from '../lib/format';
import { periodSeries } from '../lib/period-series';
import { periodChartTexts, sharedColumnTexts, sharedViewTexts, tabTexts } from '../texts';
import { AnnotationList } from '../dashboard/annotations/AnnotationList';
import { marksOf } from '../dashboard/annotations/annotation-marks';
import { LazyPeriodChart } from '../dashboard/charts/LazyCharts';
import { DataTable, type Column } from '../dashboard/DataTable';
import { useSharedTab, type SharedDays } from './shared-view-queries';

type Row = Record<string, unknown>;

const cellOf = (value: unknown) =>
  typeof value === 'number'
    ? formatNumber(value)
    : value === null || value === undefined
      ? '—'
      : String(value);

/** A table of rows whose columns are the fields the link passed on. */
function SharedTable({ name, rows }: { name: string; rows: Row[] }) {
  const keys = Object.keys(rows[0] ?? {});
  const columns: Column<Row>[] = keys.map((key) => ({
    header: sharedColumnTexts[key] ?? key,
    cell: (row) => cellOf(row[key]),
    numeric: typeof rows[0]?.[key] === 'number',
  }));
  return <DataTable caption={name} columns={columns} rows={rows} rowKey={(_row, i) => i} />;
}

function DailyChart({ data }: { data: SharedTab }) {
  const { dailyStats = [], conversionsByDay = [] } = data.tables;
  const points = useMemo(
    () =>
      periodSeries(
        data,
        dailyStats.map((row) => ({ id: 0, ...row })),
        conversionsByDay,
      ),
    [data, dailyStats, conversionsByDay],
  );
  const currency = conversionsByDay[0]?.currency ?? '';
  return (
    <div data-testid="period-chart">
      <LazyPeriodChart
        points={points}
        currency={currency}
        height={240}
        label={periodChartTexts.label(`${data.from} – ${data.to}`)}
        marks={marksOf(data.annotations, data)}
      />
      <AnnotationList annotations={data.annotations} />
    </div>
  );
}

export function SharedTabSection({
  token,
  tab,
  days,
}: {
  token: string;
  tab: SharedViewTab;
  days: SharedDays;
}) {
  const id = useId();
  const answer = useSharedTab(token, tab, days);
  const data = answer.data;
  return (
    <section className="panel" aria-labelledby={id} data-testid={`shared-tab-${tab}`}>
      <h2 id={id}>{tabTexts[tab]}</h2>
      {!data ? (
        <p className="muted" role="status">
          {answer.isError ? answer.error.message : sharedViewTexts.loading}
        </p>
      ) : (
        <>
          {tab === 'daily' ? <DailyChart data={data} /> : null}
          {Object.entries(data.tables).map(([name, value]) =>
            value === undefined ? null : (
              <SharedTable
                key={name}
                name={name}
                rows={Array.isArray(value) ? (value as Row[]) : [value as Row]}
              />
            ),
          )}
        </>
      )}
    </section>
  );
}
