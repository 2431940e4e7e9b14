// The nine cards of spec §2 and "Venit" (issue 15 item 3): the live count from the socket, the rest from the
// overview read. Each card is one figure — today's, as the spec names them, or the period's revenue — with
// its definition behind an "i" and, but for the live and the all-time ones, a badge: the figure over the
// chosen period against the period of equal length before it, as Plausible and Umami show it.
import { rangeLength, type Overview, type PeriodFigures } from '@bodymetrics/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatMinutesSeconds, formatMoney, formatNumber, formatPercent, placeholder } from '../lib/format';
import { percentChange, pointChange } from '../lib/metrics';
import { describePeriod, namePeriod } from '../lib/period-words';
import { cardDefinitions, cardTexts, dashboardTexts } from '../texts';
import { ActiveUsersCard } from './ActiveUsersCard';
import type { Period } from './analytics-queries';
import { ChangeBadge, type Better } from './ChangeBadge';
import { StatCard } from './StatCard';

/**
 * The badge of one figure of the period: its change from the previous period — in percent, or for a rate
 * (`unit` 'p.p.') in percentage points. Nothing until the previous period has been read.
 */
function badge(
  overview: Overview | undefined,
  figure: (f: PeriodFigures) => number,
  format: (n: number) => string,
  better: Better,
  unit: '%' | 'p.p.' = '%',
) {
  if (!overview?.previous) return undefined;
  const current = figure(overview.period);
  const previous = figure(overview.previous);
  const change = unit === '%' ? percentChange(current, previous) : pointChange(current, previous);
  return (
    <ChangeBadge
      change={change}
      unit={unit}
      better={better}
      current={format(current)}
      previous={format(previous)}
    />
  );
}

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
  /** The period picker's: the "Venit" card's period and every badge's. */
  period: Period;
}) {
  const data = overview.data;
  const show = (render: (o: Overview) => string) => (data ? render(data) : placeholder);
  const money = (amount: number) => formatMoney(amount, data?.revenueCurrency ?? '');
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
      {data?.previous && (
        <p className="muted change-legend" data-testid="change-legend">
          {cardTexts.changeLegend(namePeriod(period), rangeLength(data.period.from, data.period.to))}
        </p>
      )}
      <div className="card-grid">
        <ActiveUsersCard count={activeUsers} liveDown={liveDown} />
        <StatCard
          testId="card-today-visitors"
          label={cardTexts.todayVisitors}
          definition={cardDefinitions.todayVisitors}
          value={show((o) => formatNumber(o.todayVisitors))}
          detail={cardTexts.pageViews(show((o) => formatNumber(o.todayPageViews)))}
          change={badge(data, (f) => f.visitors, formatNumber, 'up')}
        />
        <StatCard
          testId="card-avg-session"
          label={cardTexts.avgSession}
          definition={cardDefinitions.avgSession}
          value={show((o) => formatMinutesSeconds(o.avgSessionTime))}
          change={badge(data, (f) => f.avgSessionTime, formatMinutesSeconds, 'up')}
        />
        <StatCard
          testId="card-bounce-rate"
          label={cardTexts.bounceRate}
          definition={cardDefinitions.bounceRate}
          value={show((o) => formatPercent(o.bounceRate))}
          change={badge(data, (f) => f.bounceRate, formatPercent, 'down', 'p.p.')}
        />
        <StatCard
          testId="card-mobile"
          label={cardTexts.mobile}
          definition={cardDefinitions.mobile}
          value={show((o) => formatPercent(o.mobilePercentage))}
          change={badge(data, (f) => f.mobilePercentage, formatPercent, 'neither', 'p.p.')}
        />
        <StatCard
          testId="card-today-clicks"
          label={cardTexts.todayClicks}
          definition={cardDefinitions.todayClicks}
          value={show((o) => formatNumber(o.todayClicks))}
          change={badge(data, (f) => f.clicks, formatNumber, 'up')}
        />
        <StatCard
          testId="card-total-clicks"
          label={cardTexts.totalClicks}
          definition={cardDefinitions.totalClicks}
          value={show((o) => formatNumber(o.totalClicks))}
        />
        <StatCard
          testId="card-top-source"
          label={cardTexts.topSource}
          definition={cardDefinitions.topSource}
          value={show((o) => o.topTrafficSource || 'direct')}
        />
        <StatCard
          testId="card-conversion-rate"
          label={cardTexts.conversionRate}
          definition={cardDefinitions.conversionRate}
          value={show((o) => formatPercent(o.conversionRate))}
          change={badge(data, (f) => f.conversionRate, formatPercent, 'up', 'p.p.')}
        />
        <StatCard
          testId="card-revenue"
          label={cardTexts.revenue}
          definition={cardDefinitions.revenue}
          value={show((o) => formatMoney(o.revenue, o.revenueCurrency))}
          detail={describePeriod(period)}
          change={badge(data, (f) => f.revenue, money, 'up')}
        />
      </div>
      <p className="muted" data-testid="bot-events-excluded">
        {cardTexts.botEventsExcludedToday(show((o) => formatNumber(o.botEventsExcludedToday)))}
      </p>
    </section>
  );
}
