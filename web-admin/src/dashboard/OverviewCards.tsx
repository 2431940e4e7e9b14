// The nine cards of spec §2: the live count from the socket, the rest from the overview read.
import type { Overview } from '@bodymetrics/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatMinutesSeconds, formatNumber, formatPercent, placeholder } from '../lib/format';
import { conversionRate } from '../lib/metrics';
import { cardTexts, dashboardTexts } from '../texts';
import { ActiveUsersCard } from './ActiveUsersCard';
import { StatCard } from './StatCard';

export function OverviewCards({
  overview,
  activeUsers,
  liveDown,
}: {
  overview: UseQueryResult<Overview>;
  activeUsers: number | null;
  /** The live socket is down: the active users count is unavailable. */
  liveDown: boolean;
}) {
  const data = overview.data;
  const show = (render: (o: Overview) => string) => (data ? render(data) : placeholder);
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
        />
        <StatCard
          testId="card-avg-session"
          label={cardTexts.avgSession}
          value={show((o) => formatMinutesSeconds(o.avgSessionTime))}
        />
        <StatCard
          testId="card-bounce-rate"
          label={cardTexts.bounceRate}
          value={show((o) => formatPercent(o.bounceRate))}
        />
        <StatCard
          testId="card-mobile"
          label={cardTexts.mobile}
          value={show((o) => formatPercent(o.mobilePercentage))}
        />
        <StatCard
          testId="card-today-clicks"
          label={cardTexts.todayClicks}
          value={show((o) => formatNumber(o.todayClicks))}
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
        />
        <StatCard
          testId="card-conversion-rate"
          label={cardTexts.conversionRate}
          value={show((o) => `${conversionRate(o.todayClicks, o.todayVisitors)}%`)}
          detail={cardTexts.conversionHint}
        />
      </div>
      <p className="muted" data-testid="bot-events-excluded">
        {cardTexts.botEventsExcludedToday(show((o) => formatNumber(o.botEventsExcludedToday)))}
      </p>
    </section>
  );
}
