// The charts are the heaviest code of the dashboard: they load in their own chunk, on first use, and
// a chunk that fails to load leaves the tables (which carry the same numbers) in place.
import { Component, lazy, memo, Suspense, type ReactNode } from 'react';
import type { FunnelStepCount } from '../../lib/funnel';
import type { DayPoint } from '../../lib/period-series';
import type { ChartMark } from './PeriodChart';
import { dashboardTexts } from '../../texts';
import { useNarrowScreen } from '../useNarrowScreen';

const FunnelChart = lazy(() => import('./charts-chunk').then((m) => ({ default: m.FunnelChart })));
const PeriodChart = lazy(() => import('./charts-chunk').then((m) => ({ default: m.PeriodChart })));

class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('chart failed to load', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function ChartFrame({
  label,
  height = 280,
  children,
}: {
  label: string;
  /** The chart's height, held while it loads so nothing below jumps. */
  height?: number;
  children: ReactNode;
}) {
  return (
    <figure className="chart" role="img" aria-label={label} style={{ minHeight: height }}>
      <ChartBoundary>
        <Suspense fallback={<p className="muted">{dashboardTexts.chartLoading}</p>}>{children}</Suspense>
      </ChartBoundary>
    </figure>
  );
}

export function LazyFunnelChart({ steps, label }: { steps: FunnelStepCount[]; label: string }) {
  const narrow = useNarrowScreen();
  return (
    <ChartFrame label={label}>
      <FunnelChart steps={steps} narrow={narrow} />
    </ChartFrame>
  );
}

/** Drawn again only when its points, currency or height change (the dashboard re-renders every 5 s). */
export const LazyPeriodChart = memo(function LazyPeriodChart({
  points,
  currency,
  height,
  label,
  marks,
}: {
  points: DayPoint[];
  currency: string;
  height: number;
  label: string;
  marks?: ChartMark[] | undefined;
}) {
  return (
    <ChartFrame label={label} height={height}>
      <PeriodChart points={points} currency={currency} height={height} {...(marks ? { marks } : {})} />
    </ChartFrame>
  );
});
