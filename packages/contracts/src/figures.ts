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
 * the aggregator keeps (docs/counting.md says what each counts).
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
  /** The figure's label on the Romanian dashboard and in the digest. */
  label: string;
  /** The sentence of "How we count": what the figure counts, over a period (today: a one-day period). */
  definition: string;
  /** The overview's field for today's figure, where the overview has one (spec §3 names most of them). */
  today?: string;
  /** The card's label when it shows today's figure, where it differs from `label`. */
  todayLabel?: string;
  /** The card's "i": the definition in the operator's Romanian, as the card shows the figure. */
  explanation: string;
  /** Which way is good news, for the change badge's colour. */
  better: 'up' | 'down' | 'neither';
  /** Shown as the detail line of another figure's card rather than on a card of its own. */
  shownWith?: string;
}

export const figures = {
  visitors: {
    unit: 'count',
    compute: { sum: 'visitors' },
    label: 'Vizitatori',
    definition:
      'Distinct counted visitors with at least one counted page view, each once a day (a visitor on two days counts on each).',
    today: 'todayVisitors',
    todayLabel: 'Vizitatori azi',
    explanation:
      'Vizitatori distincți, fiecare numărat o dată pe zi, cu cel puțin o afișare de pagină azi (ziua din fusul orar al panoului); roboții nu se numără.',
    better: 'up',
  },
  pageViews: {
    unit: 'count',
    compute: { sum: 'pageViews' },
    label: 'Afișări de pagină',
    definition: 'Counted page views: one per page load or in-app route view; bots left out.',
    today: 'todayPageViews',
    explanation: 'Fiecare încărcare de pagină sau schimbare de pagină în aplicație; roboții nu se numără.',
    better: 'up',
    shownWith: 'visitors',
  },
  avgSessionTime: {
    unit: 'seconds',
    compute: { ratio: ['visitSeconds', 'sessions'] },
    label: 'Durată medie sesiune',
    definition:
      "Seconds on site of the visits ÷ the visits; a visit's seconds are its duration beacons' sum, never more than the time between its first and last events.",
    today: 'avgSessionTime',
    explanation:
      'Timpul petrecut pe site în vizitele de azi ÷ numărul acestor vizite. O vizită este o filă de browser cu cel puțin o afișare de pagină; secundele ei nu trec niciodată de durata reală a vizitei.',
    better: 'up',
  },
  bounceRate: {
    unit: 'percent',
    compute: { ratio: ['bouncedSessions', 'sessions'] },
    label: 'Rată de respingere',
    definition:
      'Visits that were not engaged ÷ visits; engaged: 2 or more page views, a journey step past landing, an offer click, or at least 10 s on site.',
    today: 'bounceRate',
    explanation:
      'Vizitele de azi fără implicare ÷ toate vizitele de azi, în procente întregi. O vizită este implicată când are cel puțin 2 afișări de pagină, un pas al parcursului după pagina principală, un click pe o ofertă sau cel puțin 10 secunde pe site.',
    better: 'down',
  },
  mobilePercentage: {
    unit: 'percent',
    compute: { ratio: ['mobileVisitors', 'visitors'] },
    label: 'Trafic mobil',
    definition: 'Visitors whose first page view of the day came from a mobile device ÷ visitors.',
    today: 'mobilePercentage',
    explanation:
      'Vizitatorii de azi a căror primă afișare de pagină a zilei a venit de pe un dispozitiv mobil (fereastră sub 768 px) ÷ vizitatorii de azi, în procente întregi.',
    better: 'neither',
  },
  returningPercentage: {
    unit: 'percent',
    compute: { ratio: ['returningVisitors', 'visitors'] },
    label: 'Vizitatori care revin',
    definition:
      'Visitors whose first page view of the day was flagged returning (they allowed storage on an earlier visit) ÷ visitors.',
    today: 'returningPercentage',
    explanation:
      'Vizitatorii de azi a căror primă afișare de pagină a zilei a fost a unui vizitator care revine (a permis stocarea la o vizită anterioară) ÷ vizitatorii de azi, în procente întregi.',
    better: 'up',
  },
  clicks: {
    unit: 'count',
    compute: { sum: 'clicks' },
    label: 'Clickuri pe oferte',
    definition:
      'Offer clicks on the results page or the bridge, on an offer that exists and is active; bots left out.',
    today: 'todayClicks',
    todayLabel: 'Clickuri azi',
    explanation:
      'Clickurile de azi pe ofertele active, de pe pagina de recomandări sau de rezultate; fiecare click se numără, roboții nu.',
    better: 'up',
  },
  topTrafficSource: {
    unit: 'source',
    compute: { top: { table: 'daily_traffic', group: 'source', by: 'visitors', otherwise: 'direct' } },
    label: 'Sursă principală',
    definition:
      'The traffic source with the most first-touch visitors (ties: alphabetical); direct when there are none.',
    explanation:
      'Sursa de trafic cu cei mai mulți vizitatori la prima lor vizită în perioada aleasă (la egalitate, prima alfabetic); „direct” când nu există niciunul.',
    better: 'neither',
  },
  conversionRate: {
    unit: 'percent',
    compute: { ratio: ['convertedVisitors', 'firstTouchVisitors'] },
    label: 'Rată de conversie',
    definition:
      'Visitors who clicked at least one offer ÷ visitors, both by first touch (the Traffic Sources rule over every source).',
    today: 'conversionRate',
    explanation:
      'Vizitatorii care au dat click pe cel puțin o ofertă ÷ vizitatori, în procente întregi, ambii după prima vizită (regula surselor de trafic): dintre vizitatorii veniți azi pentru prima dată, câți au dat click, oricând. Nu trece de 100%, oricâte oferte ar alege un vizitator.',
    better: 'up',
  },
  revenue: {
    unit: 'money',
    compute: { sum: 'revenue' },
    label: 'Venit',
    definition: "The counted conversions' payouts, by the day they arrived, in REVENUE_CURRENCY.",
    explanation:
      'Suma plăților conversiilor numărate (vânzările raportate de rețele prin postback) sosite în perioada aleasă, după ziua sosirii; conversiile clickurilor roboților nu se numără.',
    better: 'up',
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
