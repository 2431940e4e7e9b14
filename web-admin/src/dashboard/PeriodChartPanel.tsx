// The dashboard's main chart, at the top as Plausible and Umami have it: the chosen period's visitors, page
// views and revenue per day (the daily rows and the conversions by day, the reads the tabs show as tables).
import type { Overview } from '@bodymetrics/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { namePeriod } from '../lib/period-words';
import { periodSeries } from '../lib/period-series';
import { dashboardTexts, periodChartTexts } from '../texts';
import { useConversionsByDay, useDailyStats, type Period } from './analytics-queries';
import { LazyPeriodChart } from './charts/LazyCharts';
import { useNarrowScreen } from './useNarrowScreen';
import { useAnnotations } from './annotations/annotation-queries';
import { marksOf } from './annotations/annotation-marks';
import { AnnotationsPanel } from './annotations/AnnotationsPanel';

export function PeriodChartPanel({
  period,
  overview,
}: {
  period: Period;
  overview: UseQueryResult<Overview>;
}) {
  const id = useId();
  // A phone's chart is lower, so the cards under it stay in sight.
  const height = useNarrowScreen() ? 200 : 240;
  const daily = useDailyStats(period);
  const conversions = useConversionsByDay(period);
  const from = overview.data?.period.from;
  const to = overview.data?.period.to;
  const currency = overview.data?.revenueCurrency ?? '';
  const failed = daily.error ?? conversions.error;
  const annotations = useAnnotations(from && to ? { from, to } : null).data?.annotations;
  const marks = useMemo(
    () => (from && to && annotations ? marksOf(annotations, { from, to }) : undefined),
    [from, to, annotations],
  );
  // The overview is read again every 5 s; the days are drawn again only when they changed.
  const points = useMemo(
    () =>
      from && to && daily.data && conversions.data
        ? periodSeries({ from, to }, daily.data, conversions.data)
        : null,
    [from, to, daily.data, conversions.data],
  );
  return (
    <section className="panel period-chart" aria-labelledby={id} data-testid="period-chart">
      <div className="panel-header">
        <h2 id={id}>{periodChartTexts.heading}</h2>
        <p className="muted">{namePeriod(period)}</p>
      </div>
      {failed ? (
        <p className="form-error" role="alert">
          {dashboardTexts.loadFailed(failed.message)}
        </p>
      ) : points ? (
        <LazyPeriodChart
          points={points}
          currency={currency}
          height={height}
          label={periodChartTexts.label(namePeriod(period))}
          marks={marks}
        />
      ) : (
        <p className="muted" role="status" style={{ minHeight: height }}>
          {dashboardTexts.chartLoading}
        </p>
      )}
      {annotations ? <AnnotationsPanel annotations={annotations} /> : null}
    </section>
  );
}
