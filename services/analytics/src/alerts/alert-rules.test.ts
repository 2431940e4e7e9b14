// The alert rules' thresholds and minimum volumes (docs/counting.md: Alerts), from hand-made windows: each
// rule fires past its threshold, holds on the looser one, and stays silent under its minimum volume.
import { describe, expect, it } from 'vitest';
import type { ConversionWindows, TrafficWindow } from './alert-measures.repository';
import { alertVerdicts, type AlertVerdict } from './alert-rules';

const quiet: TrafficWindow = {
  weeksAgo: 0,
  pageViews: 0,
  botPageViews: 0,
  visitors: 0,
  clicks: 0,
  suspiciousClicks: 0,
  clickingVisitors: 0,
};
/** This week's window, then the 4 previous weeks' (all alike). */
const weeks = (now: Partial<TrafficWindow>, before: Partial<TrafficWindow>): TrafficWindow[] => [
  { ...quiet, ...now },
  ...[1, 2, 3, 4].map((weeksAgo) => ({ ...quiet, ...before, weeksAgo })),
];
const noConversions: ConversionWindows = {
  clicks: [0, 0, 0, 0, 0],
  postbacks: [0, 0, 0, 0, 0],
  conversions: [0, 0, 0, 0, 0],
  offers: [],
};
const verdict = (verdicts: AlertVerdict[], kind: string, subject: string) =>
  verdicts.find((v) => v.kind === kind && v.subject === subject);

describe('the alert rules', () => {
  it('a spike fires over 3× expected with 20 observed, holds over 2×, and is silent under 20', () => {
    const fire = alertVerdicts(weeks({ visitors: 31 }, { visitors: 10 }), noConversions);
    expect(verdict(fire, 'traffic_spike', 'visitors')).toMatchObject({
      expected: 10,
      observed: 31,
      fires: true,
    });
    const hold = alertVerdicts(weeks({ visitors: 25 }, { visitors: 10 }), noConversions);
    expect(verdict(hold, 'traffic_spike', 'visitors')).toMatchObject({ fires: false, holds: true });
    const small = alertVerdicts(weeks({ visitors: 19 }, { visitors: 2 }), noConversions);
    expect(verdict(small, 'traffic_spike', 'visitors')).toMatchObject({ fires: false, holds: false });
  });

  it('the conversion rate drops under half its baseline rate, with enough visitors', () => {
    const before = { visitors: 100, clickingVisitors: 20 };
    const fire = alertVerdicts(weeks({ visitors: 100, clickingVisitors: 9 }, before), noConversions);
    expect(verdict(fire, 'conversion_rate_drop', 'conversionRate')).toMatchObject({
      unit: 'percent',
      expected: 20,
      observed: 9,
      fires: true,
    });
    const few = alertVerdicts(weeks({ visitors: 19, clickingVisitors: 0 }, before), noConversions);
    expect(verdict(few, 'conversion_rate_drop', 'conversionRate')?.fires).toBe(false);
  });

  it('the bot share fires 20 points over its baseline and twice it, with 50 page views', () => {
    const fire = alertVerdicts(
      weeks({ pageViews: 40, botPageViews: 20 }, { pageViews: 90, botPageViews: 10 }),
      noConversions,
    );
    expect(verdict(fire, 'bot_share_spike', 'botShare')).toMatchObject({
      expected: 10,
      observed: 33.3,
      fires: true,
    });
    const few = alertVerdicts(
      weeks({ pageViews: 20, botPageViews: 20 }, { pageViews: 90, botPageViews: 10 }),
      noConversions,
    );
    expect(verdict(few, 'bot_share_spike', 'botShare')?.fires).toBe(false);
  });

  it('suspicious clicks fire on their share of counted clicks', () => {
    const fire = alertVerdicts(
      weeks({ clicks: 40, suspiciousClicks: 20 }, { clicks: 40, suspiciousClicks: 2 }),
      noConversions,
    );
    expect(verdict(fire, 'suspicious_clicks_spike', 'suspiciousShare')).toMatchObject({
      expected: 5,
      observed: 50,
      fires: true,
    });
  });

  it('an offer that stopped converting fires on its own while other postbacks arrive', () => {
    const conversions: ConversionWindows = {
      clicks: [40, 40, 40, 40, 40],
      postbacks: [5, 9, 9, 9, 9],
      conversions: [5, 9, 9, 9, 9],
      offers: [
        { offerId: 1, title: 'Cântar', clicks: [20, 20, 20, 20, 20], conversions: [0, 4, 4, 4, 4] },
        { offerId: 2, title: 'Omega 3', clicks: [20, 20, 20, 20, 20], conversions: [5, 5, 5, 5, 5] },
      ],
    };
    const verdicts = alertVerdicts(weeks({}, {}), conversions);
    expect(verdict(verdicts, 'offer_stopped_converting', 'offer:1')).toMatchObject({
      subjectLabel: 'Cântar',
      expected: 4,
      observed: 0,
      fires: true,
    });
    expect(verdict(verdicts, 'offer_stopped_converting', 'offer:2')?.fires).toBe(false);
    expect(verdict(verdicts, 'postbacks_silent', 'postbacks')?.fires).toBe(false);
  });
});
