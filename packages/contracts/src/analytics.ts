// Admin read models of spec §3 and the admin/live messages: the shapes the analytics service answers
// and the dashboard renders. Field names follow the spec word for word.
import { z } from 'zod';
import { bmiCategorySchema, goalSchema, liveStageSchema } from './enums';
import { figureShape, todayFigureShape } from './figures';

/** Spec §7/§9: the dashboard's periods. */
export const analyticsPeriodDays = [7, 30, 90] as const;
const daysRule = `must be one of ${analyticsPeriodDays.join(', ')}`;
/**
 * `?days=`: decimal digits only, so `0x5a`, `9e1` or ` 90` are not read as 90 (a coercing Number() would),
 * and an out-of-range value is told the rule rather than "Invalid input".
 */
export const analyticsDaysSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^[0-9]{1,5}$/)
        .transform(Number),
    ],
    { error: daysRule },
  )
  .pipe(z.literal(analyticsPeriodDays, { error: daysRule }));
export const daysQuerySchema = z.object({ days: analyticsDaysSchema.default(30) });

/** The period when a read names none: the last 30 days (spec §9). */
export const defaultAnalyticsDays = 30;
/** The longest custom range a read takes, in days (both ends included): a year and a bit, for year-on-year. */
export const analyticsMaxRangeDays = 400;

const dayMs = 86_400_000;
/** A 'YYYY-MM-DD' calendar date as UTC midnight (calendar arithmetic only: no time zone is involved). */
const utcDay = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** `date` moved by `days` calendar days ('2026-03-01', -1 → '2026-02-28'). */
export const shiftDate = (date: string, days: number): string =>
  new Date(utcDay(date) + days * dayMs).toISOString().slice(0, 10);

/** How many dates `from`..`to` holds, both included. */
export const rangeLength = (from: string, to: string): number =>
  Math.round((utcDay(to) - utcDay(from)) / dayMs) + 1;

/**
 * The period before `from`..`to` of the same number of days, ending the day before `from` (what
 * each overview card is compared with).
 */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const length = rangeLength(from, to);
  return { from: shiftDate(from, -length), to: shiftDate(from, -1) };
}

/** A calendar date 'YYYY-MM-DD' that exists (2026-02-30 does not), in the operator's time zone. */
export const calendarDateSchema = z
  .string({ error: 'must be a date YYYY-MM-DD' })
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, { error: 'must be a date YYYY-MM-DD' })
  .refine((date) => !Number.isNaN(utcDay(date)) && shiftDate(date, 0) === date, {
    error: 'must be a date that exists',
  });

const periodFields = {
  /** 7, 30 or 90: the last N days ending today (ANALYTICS_TZ); read only when from/to are absent. */
  days: analyticsDaysSchema.optional(),
  /** The first date of the period, inclusive (ANALYTICS_TZ). */
  from: calendarDateSchema.optional(),
  /** The last date of the period, inclusive (ANALYTICS_TZ). */
  to: calendarDateSchema.optional(),
};

/** from and to come together, in order, at most analyticsMaxRangeDays apart, and not with days. */
function checkPeriod(
  query: { days?: number | undefined; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const { days, from, to } = query;
  if (from === undefined && to === undefined) return;
  if (from === undefined) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required with to' });
    return;
  }
  if (to === undefined) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required with from' });
    return;
  }
  // Two ways of naming a period at once would leave the reader guessing which one was read.
  if (days !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['days'], message: 'cannot be combined with from and to' });
  }
  if (from > to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  } else if (rangeLength(from, to) > analyticsMaxRangeDays) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `must be at most ${analyticsMaxRangeDays} days from from (both included)`,
    });
  }
}

/**
 * The period of every analytics read: `from`..`to` (YYYY-MM-DD, both included, calendar
 * dates of ANALYTICS_TZ), or — for the 7/30/90 buttons and old links — `days`, the last N days ending today;
 * neither means the last 30 days.
 */
export const periodQuerySchema = z.object(periodFields).superRefine(checkPeriod);
export type PeriodQuery = z.output<typeof periodQuerySchema>;

/** The overview's query: a period, and `compare=previous` for the period before it. */
export const overviewQuerySchema = z
  .object({
    ...periodFields,
    compare: z.literal('previous', { error: 'must be previous' }).optional(),
  })
  .superRefine(checkPeriod);

/**
 * The overview's figures over one period: every figure of the catalogue (figures.ts), by its rule applied
 * to the period's days — sums of the daily rows, each ratio from the sums.
 */
export const periodFiguresSchema = z.object({
  /** The period, resolved: YYYY-MM-DD, both included. */
  from: z.string(),
  to: z.string(),
  ...figureShape(),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

export const overviewSchema = z.object({
  /** Today's figures (the one-day period of the same read), under the overview's names (spec §3). */
  ...todayFigureShape(),
  totalClicks: z.number(),
  /** The source with the most first-touch visitors over the last 30 days, whatever the period; `direct` without any. */
  topTrafficSource: z.string(),
  /** Bot events (isBotRequest) the aggregator left out of every figure today: the filter at work. */
  botEventsExcludedToday: z.number(),
  /** The period's revenue (`period.revenue`): the "Venit" card. */
  revenue: z.number(),
  /** REVENUE_CURRENCY: the currency of every revenue and EPC figure. */
  revenueCurrency: z.string(),
  /** The asked period's figures (`?from=&to=` or `?days=`). */
  period: periodFiguresSchema,
  /** With `?compare=previous`: the same figures for the period of equal length ending the day before `from`. */
  previous: periodFiguresSchema.optional(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const dailyStatsRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  uniqueVisitors: z.number(),
  totalPageViews: z.number(),
});
export type DailyStatsRow = z.infer<typeof dailyStatsRowSchema>;

export const funnelRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  landingVisitors: z.number(),
  formStarted: z.number(),
  formCompleted: z.number(),
  resultsViewed: z.number(),
  emailProvided: z.number(),
  reportSent: z.number(),
  bridgeViewed: z.number(),
  bridgeAffiliateClicks: z.number(),
  bridgeToFullResults: z.number(),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

export const abandonmentSchema = z.object({
  total_visitors: z.number(),
  abandoned_at_landing: z.number(),
  abandoned_at_form: z.number(),
  abandoned_after_calculation: z.number(),
  abandoned_at_results: z.number(),
  abandoned_after_email: z.number(),
});
export type Abandonment = z.infer<typeof abandonmentSchema>;

export const affiliateStatsRowSchema = z.object({
  offerId: z.number(),
  offerTitle: z.string(),
  offerUrl: z.string(),
  clickCount: z.number(),
  /** Not in the spec's record: the period's sum of distinct counted visitors per day (docs/counting.md). */
  uniqueClicks: z.number(),
  lastClicked: z.string().nullable(),
  // ---- Impressions and click-through (docs/counting.md: Impressions, CTR) ----
  /** The offer's BMI category and goal, for the breakdown by category and goal (null: offer since removed). */
  bmiCategory: bmiCategorySchema.nullable(),
  goal: goalSchema.nullable(),
  /** Impressions in the period: per day, distinct counted visitors shown the offer, summed over placements. */
  impressions: z.number(),
  /**
   * The clicks that count (clickCount less suspiciousClicks) ÷ impressions × 100, one decimal; null when the
   * offer had no impression in the period. bridgeCtr and resultsCtr: the same on one page.
   */
  ctr: z.number().nullable(),
  bridgeImpressions: z.number(),
  /** Clicks made on the bridge page (bridge + results clicks = clickCount). */
  bridgeClicks: z.number(),
  bridgeCtr: z.number().nullable(),
  resultsImpressions: z.number(),
  resultsClicks: z.number(),
  resultsCtr: z.number().nullable(),
  // ---- end of impressions and click-through ----
  /** The suspicious ones among clickCount (docs/counting.md: Suspicious click): counted, left out of CTR and EPC. */
  suspiciousClicks: z.number(),
  /** suspiciousClicks ÷ clickCount × 100, one decimal; null without clicks. */
  suspiciousShare: z.number().nullable(),
  // Conversions (docs/counting.md), over the period's `clickCount` (total clicks); EPC over the clicks that count:
  /** Counted conversions of the offer's clicks that arrived in the period (a bot's click converts uncounted). */
  conversions: z.number(),
  /** conversions ÷ clickCount × 100, one decimal; 0 without clicks. */
  conversionRate: z.number(),
  /** Sum of those conversions' payouts, in REVENUE_CURRENCY, 2 decimals. */
  revenue: z.number(),
  /**
   * Earnings per click: the revenue of the clicks that count ÷ the clicks that count (clickCount less
   * suspiciousClicks), 2 decimals; 0 without such clicks.
   */
  epc: z.number(),
  /** The ones among `conversions` whose click was suspicious: recorded and in `revenue`, flagged, not in EPC. */
  suspiciousConversions: z.number(),
});
export type AffiliateStatsRow = z.infer<typeof affiliateStatsRowSchema>;

export const trafficSourceRowSchema = z.object({
  source: z.string(),
  medium: z.string(),
  referrerDomain: z.string().nullable(),
  count: z.number(),
  conversionRate: z.number(),
  /** Suspicious offer clicks of these visitors in the period, on each click's day (docs/counting.md). */
  suspiciousClicks: z.number(),
  /** suspiciousClicks ÷ these visitors' clicks in the period × 100, one decimal; null without clicks. */
  suspiciousShare: z.number().nullable(),
});
export type TrafficSourceRow = z.infer<typeof trafficSourceRowSchema>;

/**
 * Campaigns (docs/counting.md: Campaigns): per UTM campaign and term of the counted visitors' first
 * touch. Conversions and revenue join as two more fields once postback conversions are stored.
 */
export const campaignRowSchema = z.object({
  campaign: z.string(),
  /** utm_term; null when the first touch carried none. */
  term: z.string().nullable(),
  visitors: z.number(),
  clicks: z.number(),
  /** Counted conversions that arrived in the period, of clicks by this campaign's first-touch visitors. */
  conversions: z.number(),
  /** Their payouts, in REVENUE_CURRENCY, to the cent. */
  revenue: z.number(),
  /** The suspicious ones among `clicks` (docs/counting.md: Suspicious click). */
  suspiciousClicks: z.number(),
  /** suspiciousClicks ÷ clicks × 100, one decimal; null without clicks. */
  suspiciousShare: z.number().nullable(),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

export const deviceStatsRowSchema = z.object({
  deviceType: z.string(),
  browserName: z.string(),
  operatingSystem: z.string(),
  count: z.number(),
});
export type DeviceStatsRow = z.infer<typeof deviceStatsRowSchema>;

export const geographicStatsRowSchema = z.object({
  timeZone: z.string(),
  language: z.string(),
  count: z.number(),
});
export type GeographicStatsRow = z.infer<typeof geographicStatsRowSchema>;

export const recentClickSchema = z.object({
  id: z.string(),
  offerTitle: z.string().nullable(),
  visitorId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  clickedAt: z.string(),
});
export type RecentClick = z.infer<typeof recentClickSchema>;

export const liveUserSchema = z.object({
  visitorId: z.string(),
  currentPage: z.string(),
  deviceType: z.string(),
  browser: z.string(),
  /** Seconds since the visitor was first heard from in this session. */
  timeOnSite: z.number(),
  location: z.string(),
  /** The visitor's flow stage , when their page reported one. */
  stage: liveStageSchema.optional(),
});
export type LiveUser = z.infer<typeof liveUserSchema>;

export const resetAllDataResultSchema = z.object({
  success: z.boolean(),
  details: z.object({ totalDeleted: z.number() }),
  error: z.string().optional(),
});
export type ResetAllDataResult = z.infer<typeof resetAllDataResultSchema>;

/**
 * Conversions beside clicks for one slice of the period (a day, or a BMI category and goal): the same four
 * figures as the Affiliate Performance row, over the slice's total clicks (EPC over its clicks that count:
 * docs/counting.md).
 */
const conversionFigures = {
  clicks: z.number(),
  conversions: z.number(),
  conversionRate: z.number(),
  revenue: z.number(),
  epc: z.number(),
  /** REVENUE_CURRENCY, so an exported row says what its revenue is in. */
  currency: z.string(),
};

/** GET /api/analytics/conversions-by-day: each day of the period with a click or a conversion, oldest first. */
export const conversionsByDayRowSchema = z.object({ date: z.string(), ...conversionFigures });
export type ConversionsByDayRow = z.infer<typeof conversionsByDayRowSchema>;

/** GET /api/analytics/conversions-by-category: per BMI category and goal of the clicked offer. */
export const conversionsByCategoryRowSchema = z.object({
  bmiCategory: z.string(),
  goal: z.string(),
  ...conversionFigures,
});
export type ConversionsByCategoryRow = z.infer<typeof conversionsByCategoryRowSchema>;
