// Today's journey funnel as horizontal bars (loaded on demand with recharts).
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatNumber } from '../../lib/format';
import type { FunnelStepCount } from '../../lib/funnel';
import { chartColors } from './chart-colors';

export default function FunnelChart({ steps, narrow }: { steps: FunnelStepCount[]; narrow: boolean }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart
        data={steps}
        layout="vertical"
        margin={{ top: 8, right: narrow ? 32 : 48, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={chartColors.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tickFormatter={formatNumber} stroke={chartColors.axis} />
        <YAxis
          type="category"
          dataKey="label"
          // On a phone the step names take two lines in a narrower column, leaving the bars their room.
          width={narrow ? 110 : 190}
          stroke={chartColors.axis}
          tick={{ fontSize: narrow ? 12 : 13 }}
        />
        <Tooltip formatter={(value) => [formatNumber(Number(value)), 'Vizitatori']} />
        <Bar dataKey="count" fill={chartColors.primary} isAnimationActive={false}>
          <LabelList
            dataKey="count"
            position="right"
            fill={chartColors.axis}
            formatter={(value) => formatNumber(Number(value))}
          />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
