// The charts are the heaviest code of the dashboard: they load in their own chunk, on first use, and
// a chunk that fails to load leaves the tables (which carry the same numbers) in place.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { DailyStatsRow } from '@bodymetrics/contracts';
import type { FunnelStepCount } from '../../lib/funnel';
import { dashboardTexts } from '../../texts';

const FunnelChart = lazy(() => import('./charts-chunk').then((m) => ({ default: m.FunnelChart })));
const DailyChart = lazy(() => import('./charts-chunk').then((m) => ({ default: m.DailyChart })));

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

function ChartFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure className="chart" role="img" aria-label={label}>
      <ChartBoundary>
        <Suspense fallback={<p className="muted">{dashboardTexts.chartLoading}</p>}>{children}</Suspense>
      </ChartBoundary>
    </figure>
  );
}

export function LazyFunnelChart({ steps, label }: { steps: FunnelStepCount[]; label: string }) {
  return (
    <ChartFrame label={label}>
      <FunnelChart steps={steps} />
    </ChartFrame>
  );
}

export function LazyDailyChart({ rows, label }: { rows: DailyStatsRow[]; label: string }) {
  return (
    <ChartFrame label={label}>
      <DailyChart rows={rows} />
    </ChartFrame>
  );
}
