// The alert rules (docs/counting.md: Alerts), pure: from the windows' measures to a verdict per rule and
// subject — what was expected (the mean of the same hours of the previous weeks), what was observed now,
// whether the rule fires (opens an episode) and whether it still holds (keeps an open one open). A rule holds
// on a looser threshold than it fires on, so a figure hovering at the threshold does not open and close
// episodes every 5 minutes. Every rule has a minimum volume: a quiet site pages no one.
import { conversionAlertFigure, figures, trafficAlertFigures, type AlertKind } from '@bodymetrics/contracts';
import type { ConversionWindows, TrafficWindow } from './alert-measures.repository';

export const alertThresholds = {
  /** Previous weeks in the baseline. */
  baselineWeeks: 4,
  /** The traffic, conversion-rate and share rules look at the last hour. */
  trafficWindowHours: 1,
  /** The postback rules look at the last 6 hours (conversions are sparse). */
  conversionWindowHours: 6,
  /** Traffic drop: observed under 50 % of expected (holds under 70 %), when at least 20 were expected. */
  drop: { fires: 0.5, holds: 0.7, minExpected: 20 },
  /** Traffic spike: observed over 3× expected (holds over 2×), when at least 20 were observed. */
  spike: { fires: 3, holds: 2, minObserved: 20 },
  /** Conversion rate: under 50 % of expected (holds under 70 %), with 20 visitors and 5 expected converting. */
  conversionRate: { fires: 0.5, holds: 0.7, minVisitors: 20, minExpectedConverting: 5 },
  /** Postbacks: none while at least 3 conversions were expected from at least 10 clicks. */
  postbacks: { minClicks: 10, minExpectedConversions: 3 },
  /** Bot / suspicious share: 20 p.p. over expected and twice it (holds 10 p.p. over). */
  share: { firesPoints: 20, holdsPoints: 10, firesTimes: 2, minPageViews: 50, minClicks: 20 },
} as const;

export interface AlertVerdict {
  kind: AlertKind;
  subject: string;
  subjectLabel: string;
  unit: 'count' | 'percent';
  expected: number;
  observed: number;
  fires: boolean;
  holds: boolean;
}

const t = alertThresholds;
const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0);
const oneDecimal = (n: number) => Math.round(n * 10) / 10;
/** A ratio in percent (one decimal), 0 without a denominator. */
const percentOf = (part: number, whole: number) => (whole > 0 ? oneDecimal((part / whole) * 100) : 0);

function trafficVerdicts(now: TrafficWindow, before: TrafficWindow[]): AlertVerdict[] {
  return trafficAlertFigures.flatMap((figure) => {
    const observed = now[figure];
    const expected = oneDecimal(mean(before.map((w) => w[figure])));
    const subject = { subject: figure, subjectLabel: figures[figure].label, unit: 'count' as const };
    const enough = expected >= t.drop.minExpected;
    const loud = observed >= t.spike.minObserved;
    return [
      {
        kind: 'traffic_drop' as const,
        ...subject,
        expected,
        observed,
        fires: enough && observed < expected * t.drop.fires,
        holds: enough && observed < expected * t.drop.holds,
      },
      {
        kind: 'traffic_spike' as const,
        ...subject,
        expected,
        observed,
        fires: loud && observed > expected * t.spike.fires,
        holds: loud && observed > expected * t.spike.holds,
      },
    ];
  });
}

/** Visitors who clicked an offer ÷ visitors, in the window; the baseline as a ratio of the weeks' sums. */
function conversionRateVerdict(now: TrafficWindow, before: TrafficWindow[]): AlertVerdict {
  const visitors = before.reduce((s, w) => s + w.visitors, 0);
  const expectedRate = visitors > 0 ? before.reduce((s, w) => s + w.clickingVisitors, 0) / visitors : 0;
  const observed = percentOf(now.clickingVisitors, now.visitors);
  const expected = oneDecimal(expectedRate * 100);
  const enough =
    now.visitors >= t.conversionRate.minVisitors &&
    mean(before.map((w) => w.visitors)) >= t.conversionRate.minVisitors &&
    now.visitors * expectedRate >= t.conversionRate.minExpectedConverting;
  return {
    kind: 'conversion_rate_drop',
    subject: conversionAlertFigure,
    subjectLabel: figures[conversionAlertFigure].label,
    unit: 'percent',
    expected,
    observed,
    fires: enough && observed < expected * t.conversionRate.fires,
    holds: enough && observed < expected * t.conversionRate.holds,
  };
}

function shareVerdict(
  kind: 'bot_share_spike' | 'suspicious_clicks_spike',
  subject: string,
  subjectLabel: string,
  [part, whole]: [(w: TrafficWindow) => number, (w: TrafficWindow) => number],
  minWhole: number,
  now: TrafficWindow,
  before: TrafficWindow[],
): AlertVerdict {
  const expected = percentOf(
    before.reduce((s, w) => s + part(w), 0),
    before.reduce((s, w) => s + whole(w), 0),
  );
  const observed = percentOf(part(now), whole(now));
  const enough = whole(now) >= minWhole;
  return {
    kind,
    subject,
    subjectLabel,
    unit: 'percent',
    expected,
    observed,
    fires: enough && observed >= expected + t.share.firesPoints && observed >= expected * t.share.firesTimes,
    holds: enough && observed >= expected + t.share.holdsPoints,
  };
}

/** No conversion in the window though the window's clicks at the baseline's conversions per click expect some. */
function silenceVerdict(
  kind: 'postbacks_silent' | 'offer_stopped_converting',
  subject: string,
  subjectLabel: string,
  clicks: number[],
  conversions: number[],
  observed: number,
): AlertVerdict {
  const [clicksNow = 0, ...clicksBefore] = clicks;
  const baselineClicks = clicksBefore.reduce((s, n) => s + n, 0);
  const perClick = baselineClicks > 0 ? conversions.slice(1).reduce((s, n) => s + n, 0) / baselineClicks : 0;
  const expected = oneDecimal(clicksNow * perClick);
  const silent =
    observed === 0 && clicksNow >= t.postbacks.minClicks && expected >= t.postbacks.minExpectedConversions;
  return { kind, subject, subjectLabel, unit: 'count', expected, observed, fires: silent, holds: silent };
}

/** Every rule's verdict over this window and the previous weeks' same hours. */
export function alertVerdicts(traffic: TrafficWindow[], conversions: ConversionWindows): AlertVerdict[] {
  const [now, ...before] = traffic;
  if (!now) return [];
  const postbacks = silenceVerdict(
    'postbacks_silent',
    'postbacks',
    'Toate ofertele',
    conversions.clicks,
    conversions.conversions,
    conversions.postbacks[0] ?? 0,
  );
  // When no postback arrives at all, that one episode says it: no offer opens one of its own.
  const offers = conversions.offers.map((offer) => {
    const verdict = silenceVerdict(
      'offer_stopped_converting',
      `offer:${offer.offerId}`,
      offer.title,
      offer.clicks,
      offer.conversions,
      offer.conversions[0] ?? 0,
    );
    return postbacks.fires ? { ...verdict, fires: false } : verdict;
  });
  return [
    ...trafficVerdicts(now, before),
    conversionRateVerdict(now, before),
    shareVerdict(
      'bot_share_spike',
      'botShare',
      'Afișări de pagină de la roboți',
      [(w) => w.botPageViews, (w) => w.pageViews + w.botPageViews],
      t.share.minPageViews,
      now,
      before,
    ),
    shareVerdict(
      'suspicious_clicks_spike',
      'suspiciousShare',
      'Clickuri suspecte',
      [(w) => w.suspiciousClicks, (w) => w.clicks],
      t.share.minClicks,
      now,
      before,
    ),
    postbacks,
    ...offers,
  ];
}
