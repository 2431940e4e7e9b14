// What the whole system is set to, in the product's words, and its defaults — each read from the
// fragment of the service that owns the setting (its config.ts, docs/operating.md), never written here
// again. The embedded mode maps its environment onto this; the security suite overrides what a test needs.
import { adminAuthSettingsFromEnv } from '@bodymetrics/admin-auth/settings';
import type { AdminAuthDeps } from '@bodymetrics/admin-auth';
import { aggregatorSettingsFromEnv } from '@bodymetrics/aggregator/settings';
import { analyticsSettingsFromEnv } from '@bodymetrics/analytics/settings';
import { gatewaySettingsFromEnv } from '@bodymetrics/gateway/settings';
import { offersSettingsFromEnv } from '@bodymetrics/offers/settings';
import type { LiveDeps } from '@bodymetrics/live';
import { reportsSettingsFromEnv } from '@bodymetrics/reports/settings';
import type { ReportsDeps } from '@bodymetrics/reports';
import type { IpStorage } from '@bodymetrics/service-kit';
import { trackingSettingsFromEnv } from '@bodymetrics/tracking/settings';

export interface SystemSettings {
  /** ANALYTICS_TZ: every "today", daily row and daily visitor key is a calendar day there. */
  timeZone: string;
  /** PUBLIC_BASE_URL: links in mails and share pages; unset, the gateway's own address. */
  publicBaseUrl?: string | undefined;
  /** IP_STORAGE of tracking and reports. */
  ipStorage: IpStorage;
  /** CONTACT_TO of reports. */
  contactTo: string;
  /** MAIL_FROM of each service that sends mail. */
  mailFrom: { reports: string; adminAuth: string; analytics: string };
  /** WEEKLY_DIGEST_HOUR of analytics: the local hour on Monday from which the weekly digest goes out. */
  weeklyDigestHour: number;
  /** Whether the weekly digest's scheduler runs (with the aggregator, by default: a system that runs jobs). */
  weeklyDigest?: boolean | undefined;
  /** ALERTS_ENABLED of analytics: whether the alert evaluator runs (with the aggregator, by default). */
  alerts?: boolean | undefined;
  /** ALERT_EVAL_INTERVAL_MS of analytics; unset, 5 minutes. */
  alertEvalIntervalMs?: number | undefined;
  /** REDIS_KEY_PREFIX of every key and channel, when the system shares state through Redis. */
  redisKeyPrefix: string;
  /** RATE_LIMIT_TRACKING_PER_MINUTE of the gateway. */
  trackingRateLimitPerMinute: number;
  /** RATE_LIMIT_TRACKING_PER_BROWSER_PER_MINUTE of the gateway; unset, the gateway's default. */
  trackingRateLimitPerBrowserPerMinute?: number | undefined;
  /** RATE_LIMIT_API_KEY_PER_MINUTE of analytics: reads per read-only API key and minute. */
  apiKeyRateLimitPerMinute: number;
  /** RATE_LIMIT_SHARED_VIEW_PER_MINUTE of analytics: requests per client and minute to the shared links. */
  sharedViewPerMinute: number;
  /** TRUST_PROXY_HOPS of the gateway. */
  trustProxyHops: number;
  /** SESSION_TTL_HOURS of admin-auth. */
  sessionTtlHours: number;
  /** COOKIE_SECURE of admin-auth; unset, on exactly when the public address is https. */
  cookieSecure?: boolean | undefined;
  /** DEVICE_COOKIE_SECRET of admin-auth; unset, a key generated once and kept in the database. */
  deviceCookieSecret?: string | undefined;
  /** ADMIN_2FA_REQUIRED of admin-auth: a second factor for every admin. */
  twoFactorRequired: boolean;
  /** POSTBACK_TOKEN of offers: the networks' postback secret; unset, GET /api/postback answers 404. */
  postbackToken?: string | undefined;
  /** REVENUE_CURRENCY of offers and analytics: the one currency conversions are recorded and summed in. */
  revenueCurrency: string;
  /** POSTBACK_MAX_PAYOUT of offers: the largest payout one postback may report. */
  postbackMaxPayout: number;
  /** POSTBACK_MAX_CONVERSIONS_PER_CLICK of offers: conversions one click may bring. */
  postbackMaxConversionsPerClick: number;
  /** OFFER_SHARE_WINDOW_DAYS of offers: the days an auto segment's shares are computed over. */
  offerShareWindowDays: number;
  /** EATING_DISORDER_SUPPORT_TEXT of offers: the note shown in place of offers for a BMI under 17.5. */
  supportNote: string;
  /** RETENTION_DAYS of the aggregator's daily retention job. */
  retentionDays: number;
  /** SUSPICIOUS_CLICKS_PER_MINUTE of the aggregator: past it, a visitor's or a network's clicks are suspicious. */
  suspiciousClicksPerMinute: number;
  /** The web builds the gateway serves; unset, the repository's dist folders. */
  publicDir?: string | undefined;
  adminDir?: string | undefined;
  /** Live presence, socket timing and messages per socket; unset, the live service's own defaults. */
  live?: Pick<
    LiveDeps,
    'activeWindowMs' | 'sweepIntervalMs' | 'sessionRecheckMs' | 'authTimeoutMs' | 'rateLimit'
  >;
  /** Reports' limits (`<WHAT>_RATE_LIMIT_MAX` / `_WINDOW_MS`, REPORTS_PER_RECIPIENT_…); unset, its defaults. */
  reportsRateLimit?: ReportsDeps['rateLimit'];
  /** Overrides of admin-auth's rate limits (tests use small ones). */
  adminRateLimits?: AdminAuthDeps['rateLimits'];
  /** Each service's request log (pino); `false` for none. */
  logger: false | { level: string };
  /** Whether the aggregator (and its retention job) runs: a system that only answers HTTP goes without. */
  aggregator: boolean;
}

/** The defaults of every setting above that has one: what each service reads from an empty environment. */
export function defaultSystemSettings(): SystemSettings {
  const tracking = trackingSettingsFromEnv({});
  const reports = reportsSettingsFromEnv({});
  const adminAuth = adminAuthSettingsFromEnv({});
  const gateway = gatewaySettingsFromEnv({});
  const aggregator = aggregatorSettingsFromEnv({});
  const offers = offersSettingsFromEnv({});
  const analytics = analyticsSettingsFromEnv({});
  return {
    timeZone: aggregator.ANALYTICS_TZ,
    ipStorage: tracking.IP_STORAGE,
    contactTo: reports.CONTACT_TO,
    mailFrom: { reports: reports.MAIL_FROM, adminAuth: adminAuth.MAIL_FROM, analytics: analytics.MAIL_FROM },
    weeklyDigestHour: analytics.WEEKLY_DIGEST_HOUR,
    // tracking's, reports' and admin-auth's (the three that share the day's salt and the admin counters).
    redisKeyPrefix: tracking.REDIS_KEY_PREFIX,
    trackingRateLimitPerMinute: gateway.RATE_LIMIT_TRACKING_PER_MINUTE,
    trackingRateLimitPerBrowserPerMinute: gateway.RATE_LIMIT_TRACKING_PER_BROWSER_PER_MINUTE,
    apiKeyRateLimitPerMinute: analytics.RATE_LIMIT_API_KEY_PER_MINUTE,
    sharedViewPerMinute: analytics.RATE_LIMIT_SHARED_VIEW_PER_MINUTE,
    trustProxyHops: gateway.TRUST_PROXY_HOPS,
    sessionTtlHours: adminAuth.SESSION_TTL_HOURS,
    twoFactorRequired: adminAuth.ADMIN_2FA_REQUIRED,
    retentionDays: aggregator.RETENTION_DAYS,
    suspiciousClicksPerMinute: aggregator.SUSPICIOUS_CLICKS_PER_MINUTE,
    revenueCurrency: offers.REVENUE_CURRENCY,
    postbackMaxPayout: offers.POSTBACK_MAX_PAYOUT,
    postbackMaxConversionsPerClick: offers.POSTBACK_MAX_CONVERSIONS_PER_CLICK,
    offerShareWindowDays: offers.OFFER_SHARE_WINDOW_DAYS,
    supportNote: offers.EATING_DISORDER_SUPPORT_TEXT,
    logger: false,
    aggregator: true,
  };
}

/** The defaults with `overrides` on top; an override that is `undefined` keeps the default. */
export function systemSettings(overrides: Partial<SystemSettings> = {}): SystemSettings {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return { ...defaultSystemSettings(), ...given };
}
