// Conversions per day and per BMI category and goal, under Affiliate Performance: the same
// four figures as its rows, each over the slice's total clicks (docs/counting.md).
import type { ConversionsByCategoryRow, ConversionsByDayRow } from '@bodymetrics/contracts';
import { formatDay, formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { bmiCategoryLabel, goalLabel } from '../../lib/labels';
import { conversionTexts } from '../../texts';
import { useConversionsByCategory, useConversionsByDay, type Period } from '../analytics-queries';
import { CsvLink } from '../CsvLink';
import { DataTable, type Column } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';

type Figures = Pick<ConversionsByDayRow, 'clicks' | 'conversions' | 'conversionRate' | 'revenue' | 'epc'>;

function figureColumns<Row extends Figures>(currency: string): Column<Row>[] {
  return [
    { header: conversionTexts.clicks, cell: (r) => formatNumber(r.clicks), numeric: true },
    { header: conversionTexts.conversions, cell: (r) => formatNumber(r.conversions), numeric: true },
    { header: conversionTexts.conversionRate, cell: (r) => formatPercent(r.conversionRate), numeric: true },
    {
      header: conversionTexts.revenue(currency),
      cell: (r) => formatMoney(r.revenue, currency),
      numeric: true,
    },
    { header: conversionTexts.epc(currency), cell: (r) => formatMoney(r.epc, currency), numeric: true },
  ];
}

export function ConversionPanels({ period, currency }: { period: Period; currency: string }) {
  const byDay = useConversionsByDay(period);
  const byCategory = useConversionsByCategory(period);
  return (
    <>
      <Panel
        title={conversionTexts.byDayTitle}
        actions={<CsvLink name="conversions-by-day" period={period} what={conversionTexts.byDayWhat} />}
      >
        <QueryState query={byDay} isEmpty={(rows) => rows.length === 0}>
          {(rows) => (
            <DataTable<ConversionsByDayRow>
              caption={conversionTexts.byDayCaption}
              rows={rows}
              rowKey={(r) => r.date}
              testId="conversions-by-day"
              columns={[
                { header: conversionTexts.day, cell: (r) => formatDay(r.date) },
                ...figureColumns<ConversionsByDayRow>(currency),
              ]}
            />
          )}
        </QueryState>
      </Panel>
      <Panel
        title={conversionTexts.byCategoryTitle}
        actions={
          <CsvLink name="conversions-by-category" period={period} what={conversionTexts.byCategoryWhat} />
        }
      >
        <QueryState query={byCategory} isEmpty={(rows) => rows.length === 0}>
          {(rows) => (
            <DataTable<ConversionsByCategoryRow>
              caption={conversionTexts.byCategoryCaption}
              rows={rows}
              rowKey={(r) => `${r.bmiCategory}/${r.goal}`}
              testId="conversions-by-category"
              columns={[
                { header: conversionTexts.category, cell: (r) => bmiCategoryLabel(r.bmiCategory) },
                { header: conversionTexts.goal, cell: (r) => goalLabel(r.goal) },
                ...figureColumns<ConversionsByCategoryRow>(currency),
              ]}
            />
          )}
        </QueryState>
      </Panel>
    </>
  );
}
