// Unique visitors and page views per day over the chosen period, oldest day first (loaded on demand).
import type { DailyStatsRow } from '@bodymetrics/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '../../lib/format';
import { chartColors } from './chart-colors';

export default function DailyChart({ rows }: { rows: DailyStatsRow[] }) {
  const data = [...rows]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((row) => ({
      day: formatDay(row.date),
      uniqueVisitors: row.uniqueVisitors,
      totalPageViews: row.totalPageViews,
    }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={chartColors.grid} />
        <XAxis dataKey="day" stroke={chartColors.axis} tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis allowDecimals={false} stroke={chartColors.axis} />
        <Tooltip />
        <Legend />
        <Line
          type="monotone"
          dataKey="uniqueVisitors"
          name="Vizitatori unici"
          stroke={chartColors.primary}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="totalPageViews"
          name="Afișări de pagină"
          stroke={chartColors.secondary}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
