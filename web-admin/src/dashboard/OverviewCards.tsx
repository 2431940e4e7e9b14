// The nine cards of spec §2 and "Venit" (issue 15 item 3): the live count from the socket, the rest from the
// overview read. Under each card but the live and the all-time one, its figure over the chosen period and the
// change from the period of equal length before it (issue 15 item 4), as Plausible and Umami show it.
import type { Overview, PeriodFigures } from '@bodymetrics/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  formatChange,
  formatDay,
  formatMinutesSeconds,
  formatMoney,
  formatNumber,
  formatPercent,
  placeholder,
} from '../lib/format';
import { conversionRate, percentChange, pointChange } from '../lib/metrics';
import { cardTexts, dashboardTexts } from '../texts';
import { ActiveUsersCard } from './ActiveUsersCard';
import type { Period } from './analytics-queries';
import { StatCard } from './StatCard';

/** The chosen period in words: "în ultimele 30 de zile", "între 01.03.2026 și 10.03.2026". */
export const describePeriod = (period: Period): string =>
  'days' in period
    ? dashboardTexts.lastDays(period.days)
    : dashboardTexts.betweenDates(formatDay(period.from), formatDay(period.to));

/**
 * "În perioadă: 150 · +50% față de perioada anterioară (100)": a figure of the period and its change; a rate
 * (`unit` 'p.p.') changes by percentage points. Without `previous` (not read yet) only the period's figure.
 */
function compared(
  overview: Overview,
  figure: (f: PeriodFigures) => number,
  format: (n: number) => string,
  unit: '%' | 'p.p.' = '%',
): string {
  const current = figure(overview.period);
  const inPeriod = cardTexts.inPeriod(format(current));
  if (!overview.previous) return inPeriod;
  const previous = figure(overview.previous);
  const change = unit === '%' ? percentChange(current, previous) : pointChange(current, previous);
  return `${inPeriod} · ${cardTexts.change(formatChange(change, unit), format(previous))}`;
}

const periodConversionRate = (f: PeriodFigures) => conversionRate(f.clicks, f.visitors);

export function OverviewCards({
  overview,
  activeUsers,
  liveDown,
  period,
}: {
  overview: UseQueryResult<Overview>;
  activeUsers: number | null;
  /** The live socket is down: the active users count is unavailable. */
  liveDown: boolean;
  /** The period picker's: the "Venit" card's period and every card's comparison. */
  period: Period;
}) {
  const data = overview.data;
  const show = (render: (o: Overview) => string) => (data ? render(data) : placeholder);
  const compare = (render: (o: Overview) => string | undefined) => (data ? render(data) : undefined);
  return (
    <section className="overview" aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="visually-hidden">
        {dashboardTexts.overviewHeading}
      </h2>
      {overview.isError && (
        <p className="form-error" role="alert">
          {dashboardTexts.loadFailed(overview.error.message)}
        </p>
      )}
      <div className="card-grid">
        <ActiveUsersCard count={activeUsers} liveDown={liveDown} />
        <StatCard
          testId="card-today-visitors"
          label={cardTexts.todayVisitors}
          value={show((o) => formatNumber(o.todayVisitors))}
          detail={cardTexts.pageViews(show((o) => formatNumber(o.todayPageViews)))}
          comparison={compare((o) => compared(o, (f) => f.visitors, formatNumber))}
        />
        <StatCard
          testId="card-avg-session"
          label={cardTexts.avgSession}
          value={show((o) => formatMinutesSeconds(o.avgSessionTime))}
          comparison={compare((o) => compared(o, (f) => f.avgSessionTime, formatMinutesSeconds))}
        />
        <StatCard
          testId="card-bounce-rate"
          label={cardTexts.bounceRate}
          value={show((o) => formatPercent(o.bounceRate))}
          comparison={compare((o) => compared(o, (f) => f.bounceRate, formatPercent, 'p.p.'))}
        />
        <StatCard
          testId="card-mobile"
          label={cardTexts.mobile}
          value={show((o) => formatPercent(o.mobilePercentage))}
          comparison={compare((o) => compared(o, (f) => f.mobilePercentage, formatPercent, 'p.p.'))}
        />
        <StatCard
          testId="card-today-clicks"
          label={cardTexts.todayClicks}
          value={show((o) => formatNumber(o.todayClicks))}
          comparison={compare((o) => compared(o, (f) => f.clicks, formatNumber))}
        />
        <StatCard
          testId="card-total-clicks"
          label={cardTexts.totalClicks}
          value={show((o) => formatNumber(o.totalClicks))}
        />
        <StatCard
          testId="card-top-source"
          label={cardTexts.topSource}
          value={show((o) => o.topTrafficSource || 'direct')}
          comparison={compare((o) =>
            [
              cardTexts.inPeriod(o.period.topTrafficSource),
              ...(o.previous ? [cardTexts.previousSource(o.previous.topTrafficSource)] : []),
            ].join(' · '),
          )}
        />
        <StatCard
          testId="card-conversion-rate"
          label={cardTexts.conversionRate}
          value={show((o) => `${conversionRate(o.todayClicks, o.todayVisitors)}%`)}
          detail={cardTexts.conversionHint}
          comparison={compare((o) => compared(o, periodConversionRate, formatPercent, 'p.p.'))}
        />
        <StatCard
          testId="card-revenue"
          label={cardTexts.revenue}
          value={show((o) => formatMoney(o.revenue, o.revenueCurrency))}
          detail={cardTexts.revenueHint(describePeriod(period))}
          comparison={compare((o) =>
            o.previous
              ? cardTexts.change(
                  formatChange(percentChange(o.period.revenue, o.previous.revenue)),
                  formatMoney(o.previous.revenue, o.revenueCurrency),
                )
              : undefined,
          )}
        />
      </div>
      <p className="muted" data-testid="period-comparison-hint">
        {cardTexts.comparisonHint}
      </p>
      <p className="muted" data-testid="bot-events-excluded">
        {cardTexts.botEventsExcludedToday(show((o) => formatNumber(o.botEventsExcludedToday)))}
      </p>
    </section>
  );
}
