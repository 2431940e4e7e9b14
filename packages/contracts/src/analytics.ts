// Admin read models of spec §3 and the admin/live messages: the shapes the analytics service answers
// and the dashboard renders. Field names follow the spec word for word.
import { z } from 'zod';
import { liveStageSchema } from './enums';

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

export const overviewSchema = z.object({
  todayVisitors: z.number(),
  todayPageViews: z.number(),
  /** Seconds. */
  avgSessionTime: z.number(),
  /** Percent, 0..100. */
  bounceRate: z.number(),
  mobilePercentage: z.number(),
  todayClicks: z.number(),
  totalClicks: z.number(),
  topTrafficSource: z.string(),
  /** Bot events (isBotRequest) the aggregator left out of every figure today: the filter at work. */
  botEventsExcludedToday: z.number(),
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
  /** Not in the spec's record: the period's sum of distinct counted visitors per day (README "How we count"). */
  uniqueClicks: z.number(),
  lastClicked: z.string().nullable(),
});
export type AffiliateStatsRow = z.infer<typeof affiliateStatsRowSchema>;

export const trafficSourceRowSchema = z.object({
  source: z.string(),
  medium: z.string(),
  referrerDomain: z.string().nullable(),
  count: z.number(),
  conversionRate: z.number(),
});
export type TrafficSourceRow = z.infer<typeof trafficSourceRowSchema>;

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
