// The catalogue of dashboard figures: each figure written once — its name (the contract field), its
// definition (the sentence of "How we count", docs/counting.md), its unit, how it is computed from the daily
// aggregates, and its Romanian label. The overview and its period comparison, the figures export, the weekly
// digest and the bench's expected figures all iterate over it; a new figure is a new entry here (and, when
// it needs a new daily counter, that counter below and a migration adding its column).
//
// Every figure of a period is computed from sums of daily rows over the period's dates, and a ratio from
// the sums (so a quiet day weighs less than a busy one): "today" is the one-day period of the same read.
import { z } from 'zod';
import type { PageVisitEvent } from './events';

/** How a figure reads: a count, a whole percentage, whole seconds, money (2 decimals), or a source name. */
export type FigureUnit = 'count' | 'percent' | 'seconds' | 'money' | 'source';

/**
 * The daily aggregate columns figures are summed from, by name: `[table, column]`. Each is a per-day counter
 * the aggregator keeps (README "How we count" says what each counts).
 */
export const dailySums = {
  visitors: ['daily_visits', 'unique_visitors'],
  pageViews: ['daily_visits', 'total_page_views'],
  mobileVisitors: ['daily_visits', 'mobile_visitors'],
  returningVisitors: ['daily_visits', 'returning_visitors'],
  sessions: ['daily_visits', 'sessions'],
  bouncedSessions: ['daily_visits', 'bounced_sessions'],
  visitSeconds: ['daily_visits', 'visit_seconds'],
  clicks: ['affiliate_daily_clicks', 'clicks'],
  firstTouchVisitors: ['daily_traffic', 'visitors'],
  convertedVisitors: ['daily_traffic', 'converted'],
  revenue: ['affiliate_daily_conversions', 'revenue'],
} as const satisfies Record<string, readonly [string, string]>;
export type DailySum = keyof typeof dailySums;

/** A page view (a page-visit event that is not a page-leave beacon). */
type PageViewEvent = Extract<PageVisitEvent, { kind: 'visit' }>;

/**
 * Counters of daily_visits moved once per counted visitor and day, by the visitor's first counted page view
 * of the day: the column, and whether that view counts in it. The aggregator iterates over these.
 */
export const dailyVisitorCounters = {
  mobile_visitors: (view: PageViewEvent) => view.deviceType === 'mobile',
  returning_visitors: (view: PageViewEvent) => view.isReturningVisitor === 1,
} as const satisfies Record<string, (view: PageViewEvent) => boolean>;
export type DailyVisitorCounter = keyof typeof dailyVisitorCounters;

/** How a figure is computed from a period's daily sums. */
export type FigureComputation =
  /** The sum itself. */
  | { sum: DailySum }
  /** numerator ÷ denominator of two sums (× 100 for a percentage), 0 without a denominator. */
  | { ratio: readonly [DailySum, DailySum] }
  /** The `group` value of `table` with the largest sum of `by` over the period (ties: alphabetical). */
  | { top: { table: 'daily_traffic'; group: 'source'; by: 'visitors'; otherwise: string } };

export interface Figure {
  unit: FigureUnit;
  compute: FigureComputation;
  /** The card's label on the Romanian dashboard. */
  label: string;
  /** The sentence of "How we count": what the figure counts, over a period (today: a one-day period). */
  definition: string;
  /** The overview's field for today's figure, where the overview has one (spec §3 names most of them). */
  today?: string;
}

export const figures = {
  visitors: {
    unit: 'count',
    compute: { sum: 'visitors' },
    label: 'Vizitatori',
    definition:
      'Distinct counted visitors with at least one counted page view, each once a day (a visitor on two days counts on each).',
    today: 'todayVisitors',
  },
  pageViews: {
    unit: 'count',
    compute: { sum: 'pageViews' },
    label: 'Afișări de pagină',
    definition: 'Counted page views: one per page load or in-app route view; bots left out.',
    today: 'todayPageViews',
  },
  avgSessionTime: {
    unit: 'seconds',
    compute: { ratio: ['visitSeconds', 'sessions'] },
    label: 'Durată medie sesiune',
    definition:
      "Seconds on site of the visits ÷ the visits; a visit's seconds are its duration beacons' sum, never more than the time between its first and last events.",
    today: 'avgSessionTime',
  },
  bounceRate: {
    unit: 'percent',
    compute: { ratio: ['bouncedSessions', 'sessions'] },
    label: 'Rată de respingere',
    definition:
      'Visits that were not engaged ÷ visits; engaged: 2 or more page views, a journey step past landing, an offer click, or at least 10 s on site.',
    today: 'bounceRate',
  },
  mobilePercentage: {
    unit: 'percent',
    compute: { ratio: ['mobileVisitors', 'visitors'] },
    label: 'Trafic mobil',
    definition: 'Visitors whose first page view of the day came from a mobile device ÷ visitors.',
    today: 'mobilePercentage',
  },
  returningPercentage: {
    unit: 'percent',
    compute: { ratio: ['returningVisitors', 'visitors'] },
    label: 'Vizitatori care revin',
    definition:
      'Visitors whose first page view of the day was flagged returning (they allowed storage on an earlier visit) ÷ visitors.',
    today: 'returningPercentage',
  },
  clicks: {
    unit: 'count',
    compute: { sum: 'clicks' },
    label: 'Clickuri pe oferte',
    definition:
      'Offer clicks on the results page or the bridge, on an offer that exists and is active; bots left out.',
    today: 'todayClicks',
  },
  conversionRate: {
    unit: 'percent',
    compute: { ratio: ['convertedVisitors', 'firstTouchVisitors'] },
    label: 'Rată de conversie',
    definition:
      'Visitors who clicked at least one offer ÷ visitors, both by first touch (the Traffic Sources rule over every source).',
    today: 'conversionRate',
  },
  topTrafficSource: {
    unit: 'source',
    compute: { top: { table: 'daily_traffic', group: 'source', by: 'visitors', otherwise: 'direct' } },
    label: 'Sursă principală',
    definition:
      'The traffic source with the most first-touch visitors (ties: alphabetical); direct when there are none.',
  },
  revenue: {
    unit: 'money',
    compute: { sum: 'revenue' },
    label: 'Venit',
    definition: "The counted conversions' payouts, by the day they arrived, in REVENUE_CURRENCY.",
  },
} as const satisfies Record<string, Figure>;

export type FigureName = keyof typeof figures;
export const figureNames = Object.keys(figures) as FigureName[];

/** A figure's value: a number, or a source's name. */
export type FigureValue<N extends FigureName> = (typeof figures)[N]['unit'] extends 'source'
  ? string
  : number;
export type FigureValues = { [N in FigureName]: FigureValue<N> };

/** The overview's fields for today's figures, from the catalogue: `todayVisitors`, `bounceRate`, … */
export type TodayField = {
  [N in FigureName]: (typeof figures)[N] extends { today: infer T extends string } ? T : never;
}[FigureName];

type FigureSchema<N extends FigureName> = (typeof figures)[N]['unit'] extends 'source'
  ? z.ZodString
  : z.ZodNumber;
const schemaOf = (name: FigureName) => (figures[name].unit === 'source' ? z.string() : z.number());

/** Every figure of the catalogue as a contract field (a period's figures: the overview's `period`). */
export function figureShape(): { [N in FigureName]: FigureSchema<N> } {
  return Object.fromEntries(figureNames.map((name) => [name, schemaOf(name)])) as {
    [N in FigureName]: FigureSchema<N>;
  };
}

type TodayShape = {
  [
    N in FigureName as (typeof figures)[N] extends { today: infer T extends string } ? T : never
  ]: FigureSchema<N>;
};

/** The figures the overview shows for today, under their overview names (`todayVisitors`, `bounceRate`, …). */
export function todayFigureShape(): TodayShape {
  const shape: Record<string, z.ZodType> = {};
  for (const name of figureNames) {
    const figure: Figure = figures[name];
    if (figure.today) shape[figure.today] = schemaOf(name);
  }
  return shape as TodayShape;
}
