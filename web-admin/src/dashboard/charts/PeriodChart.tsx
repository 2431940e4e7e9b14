// The dashboard's main chart (loaded on demand with recharts): the period's visitors and page views per day
// as lines on the left axis, its revenue per day as bars on the right one, dates and numbers in Romanian;
// the annotations of the period as numbered marks.
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDay, formatMoney, formatNumber, formatShortDay } from '../../lib/format';
import type { DayPoint } from '../../lib/period-series';
import { periodChartTexts } from '../../texts';
import { chartColors } from './chart-colors';

/** The legend reads as the cards do: visitors, page views, then revenue (the bars are drawn first, under the lines). */
const legendOrder = ['visitors', 'pageViews', 'revenue'];

/** A count per day (visitors, page views) as a line on the left axis; an element, as recharts reads its children. */
const countLine = (dataKey: keyof DayPoint, name: string, color: string) => (
  <Line
    yAxisId="count"
    type="monotone"
    dataKey={dataKey}
    name={name}
    stroke={color}
    strokeWidth={2}
    dot={false}
    isAnimationActive={false}
  />
);

/**
 * An annotation drawn on the chart: a numbered line on its date, or a shaded band over its range (clamped to
 * the period); the note itself is in the list under the chart, numbered the same, where the keyboard reaches it.
 */
export interface ChartMark {
  id: number;
  /** The number the list under the chart shows beside the note. */
  number: number;
  from: string;
  to: string;
}

const markLabel = (mark: ChartMark) => ({
  value: String(mark.number),
  position: 'insideTopLeft' as const,
  fill: chartColors.axis,
  fontSize: 11,
});

const markOf = (mark: ChartMark) =>
  mark.from === mark.to ? (
    <ReferenceLine
      key={mark.id}
      yAxisId="count"
      x={mark.from}
      stroke={chartColors.axis}
      strokeDasharray="4 3"
      label={markLabel(mark)}
    />
  ) : (
    <ReferenceArea
      key={mark.id}
      yAxisId="count"
      x1={mark.from}
      x2={mark.to}
      fill={chartColors.axis}
      fillOpacity={0.12}
      label={markLabel(mark)}
    />
  );

/** What the three axes share: the axis colour, the tick labels' size and how a tick reads. */
const axisTicks = <Tick,>(stroke: string, tickFormatter: (tick: Tick) => string) => ({
  stroke,
  tickFormatter,
  tick: { fontSize: 12 },
});

export default function PeriodChart({
  points,
  currency,
  height,
  marks = [],
}: {
  points: DayPoint[];
  currency: string;
  height: number;
  marks?: ChartMark[];
}) {
  const revenueName = periodChartTexts.revenue(currency);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart
        data={points}
        margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={chartColors.grid} vertical={false} />
        <XAxis dataKey="date" {...axisTicks(chartColors.axis, formatShortDay)} minTickGap={24} />
        <YAxis
          yAxisId="count"
          allowDecimals={false}
          {...axisTicks(chartColors.axis, formatNumber)}
          width={44}
        />
        <YAxis
          yAxisId="money"
          orientation="right"
          {...axisTicks(chartColors.revenue, formatNumber)}
          width={52}
        />
        <Tooltip
          labelFormatter={(day) => formatDay(String(day))}
          formatter={(value, name) => [
            name === revenueName ? formatMoney(Number(value), currency) : formatNumber(Number(value)),
            name,
          ]}
        />
        <Legend
          wrapperStyle={{ fontSize: 13 }}
          itemSorter={(item) => legendOrder.indexOf(String(item.dataKey))}
        />
        <Bar
          yAxisId="money"
          dataKey="revenue"
          name={revenueName}
          fill={chartColors.revenue}
          fillOpacity={0.35}
          maxBarSize={18}
          isAnimationActive={false}
        />
        {countLine('visitors', periodChartTexts.visitors, chartColors.primary)}
        {countLine('pageViews', periodChartTexts.pageViews, chartColors.secondary)}
        {marks.map(markOf)}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
