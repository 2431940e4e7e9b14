// The cards of spec §2 and beyond: the live count from the socket, all-time clicks, and a card for every
// figure of the catalogue (contracts' figures.ts), in its order — today's figure where the overview has one,
// else the chosen period's — with its definition behind an "i" and a badge: the figure over the chosen period
// against the period of equal length before it, as Plausible and Umami show it. A figure added to the
// catalogue gets its card here without further code.
import {
  figureNames,
  figures,
  rangeLength,
  type Figure,
  type FigureName,
  type Overview,
  type PeriodFigures,
} from '@bodymetrics/contracts';
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

/** The cards' test ids the operator tests know; a new figure's card is `card-<figure name>`. */
const testIds: Partial<Record<FigureName, string>> = {
  visitors: 'card-today-visitors',
  avgSessionTime: 'card-avg-session',
  bounceRate: 'card-bounce-rate',
  mobilePercentage: 'card-mobile',
  clicks: 'card-today-clicks',
  topTrafficSource: 'card-top-source',
  conversionRate: 'card-conversion-rate',
  revenue: 'card-revenue',
};

/** A figure's value as its card writes it, by its unit. */
function formatterOf(figure: Figure, currency: string): (value: number) => string {
  switch (figure.unit) {
    case 'percent':
      return formatPercent;
    case 'seconds':
      return formatMinutesSeconds;
    case 'money':
      return (amount) => formatMoney(amount, currency);
    default:
      return formatNumber;
  }
}

/** Today's value of a figure where the overview has one, else the chosen period's. */
function cardValue(overview: Overview, name: FigureName): number | string {
  const figure: Figure = figures[name];
  if (figure.today) return (overview as unknown as Record<string, number | string>)[figure.today] ?? 0;
  return overview.period[name];
}

export function OverviewCards({
  overview,
  activeUsers,
  liveDown,
  live = true,
  period,
}: {
  overview: UseQueryResult<Overview>;
  activeUsers: number | null;
  /** The live socket is down: the active users count is unavailable. */
  liveDown: boolean;
  /** False on a shared link's page: no live card (the live visitors are never shared). */
  live?: boolean;
  /** The period picker's: the badges' period, and the period of a figure with no "today". */
  period: Period;
}) {
  const data = overview.data;
  const currency = data?.revenueCurrency ?? '';
  const shown = (name: FigureName) => {
    if (!data) return placeholder;
    const value = cardValue(data, name);
    return typeof value === 'string' ? value : formatterOf(figures[name], currency)(value);
  };
  const cardOf = (name: FigureName) => {
    const figure: Figure = figures[name];
    const detailFigure = figureNames.find((other) => (figures[other] as Figure).shownWith === name);
    const testId = testIds[name] ?? `card-${name}`;
    return (
      <StatCard
        key={name}
        testId={testId}
        label={(figure.today && figure.todayLabel) || figure.label}
        definition={figure.explanation}
        value={shown(name)}
        detail={
          detailFigure
            ? `${shown(detailFigure)} ${figures[detailFigure].label.toLowerCase()}`
            : figure.today
              ? undefined
              : describePeriod(period)
        }
        change={
          figure.unit === 'source'
            ? undefined
            : badge(
                data,
                (f) => f[name] as number,
                formatterOf(figure, currency),
                figure.better,
                figure.unit === 'percent' ? 'p.p.' : '%',
              )
        }
      />
    );
  };
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
        {live ? <ActiveUsersCard count={activeUsers} liveDown={liveDown} /> : null}
        {figureNames
          .filter((name) => !(figures[name] as Figure).shownWith)
          .flatMap((name) =>
            name === 'clicks'
              ? [
                  cardOf(name),
                  <StatCard
                    key="total-clicks"
                    testId="card-total-clicks"
                    label={cardTexts.totalClicks}
                    definition={cardDefinitions.totalClicks}
                    value={data ? formatNumber(data.totalClicks) : placeholder}
                  />,
                ]
              : [cardOf(name)],
          )}
      </div>
      <p className="muted" data-testid="bot-events-excluded">
        {cardTexts.botEventsExcludedToday(data ? formatNumber(data.botEventsExcludedToday) : placeholder)}
      </p>
    </section>
  );
}
