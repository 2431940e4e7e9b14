// Every default is written once: a setting the embedded mode shares with a distributed service is that
// service's own schema (same name, same check, same default), and the whole system's defaults
// (composeSystem) are the same values again.
import { describe, expect, it } from 'vitest';
import { adminAuthSettings, adminAuthSettingsFromEnv } from '@bodymetrics/admin-auth/settings';
import { aggregatorSettings, aggregatorSettingsFromEnv } from '@bodymetrics/aggregator/settings';
import { analyticsSettings, analyticsSettingsFromEnv } from '@bodymetrics/analytics/settings';
import { gatewaySettings, gatewaySettingsFromEnv } from '@bodymetrics/gateway/settings';
import { liveSettings, liveSettingsFromEnv } from '@bodymetrics/live/settings';
import {
  reportsRateLimitSettings,
  reportsSettings,
  reportsSettingsFromEnv,
} from '@bodymetrics/reports/settings';
import { defaultSystemSettings } from '@bodymetrics/system';
import { trackingSettings, trackingSettingsFromEnv } from '@bodymetrics/tracking/settings';
import { embeddedConfig, embeddedEnvSchema, embeddedRateLimitsOf } from './config';

/** Each shared setting of the embedded mode and the service fragment it comes from. */
const sharedSettings = {
  PORT: gatewaySettings,
  ANALYTICS_TZ: aggregatorSettings,
  CONTACT_TO: reportsSettings,
  IP_STORAGE: trackingSettings,
  RATE_LIMIT_TRACKING_PER_MINUTE: gatewaySettings,
  RATE_LIMIT_TRACKING_PER_BROWSER_PER_MINUTE: gatewaySettings,
  RATE_LIMIT_API_KEY_PER_MINUTE: analyticsSettings,
  RATE_LIMIT_SHARED_VIEW_PER_MINUTE: analyticsSettings,
  TRUST_PROXY_HOPS: gatewaySettings,
  SESSION_TTL_HOURS: adminAuthSettings,
  COOKIE_SECURE: adminAuthSettings,
  DEVICE_COOKIE_SECRET: adminAuthSettings,
  ADMIN_2FA_REQUIRED: adminAuthSettings,
  RETENTION_DAYS: aggregatorSettings,
  SUSPICIOUS_CLICKS_PER_MINUTE: aggregatorSettings,
  METRICS_HOST: gatewaySettings,
  ...Object.fromEntries(Object.keys(reportsRateLimitSettings).map((name) => [name, reportsSettings])),
  RATE_LIMIT_MESSAGES: liveSettings,
  RATE_LIMIT_WINDOW_MS: liveSettings,
} as const;

describe('the embedded settings', () => {
  it.each(Object.entries(sharedSettings))(
    'take %s from its service’s fragment, not a copy',
    (name, fragment) => {
      const shape = embeddedEnvSchema.shape as Record<string, unknown>;
      expect(shape[name]).toBe((fragment.shape as Record<string, unknown>)[name]);
    },
  );

  it('of an empty environment equal the services’ defaults', () => {
    const embedded = embeddedConfig({});
    const gateway = gatewaySettingsFromEnv({});
    const adminAuth = adminAuthSettingsFromEnv({});
    const aggregator = aggregatorSettingsFromEnv({});
    expect(embedded).toMatchObject({
      PORT: gateway.PORT,
      ANALYTICS_TZ: aggregator.ANALYTICS_TZ,
      CONTACT_TO: reportsSettingsFromEnv({}).CONTACT_TO,
      IP_STORAGE: trackingSettingsFromEnv({}).IP_STORAGE,
      RATE_LIMIT_TRACKING_PER_MINUTE: gateway.RATE_LIMIT_TRACKING_PER_MINUTE,
      TRUST_PROXY_HOPS: gateway.TRUST_PROXY_HOPS,
      SESSION_TTL_HOURS: adminAuth.SESSION_TTL_HOURS,
      RETENTION_DAYS: aggregator.RETENTION_DAYS,
      METRICS_HOST: gateway.METRICS_HOST,
    });
    // The figures docs/operating.md states.
    expect(embedded).toMatchObject({
      ANALYTICS_TZ: 'Europe/Bucharest',
      RATE_LIMIT_TRACKING_PER_MINUTE: 600,
      SESSION_TTL_HOURS: 12,
      RETENTION_DAYS: 395,
      IP_STORAGE: 'truncated',
      CONTACT_TO: 'operator@bodymetrics.local',
      LOG_LEVEL: 'warn',
      PORT: 8080,
      HOST: '127.0.0.1',
    });
  });

  it('of an empty environment are what the composed system defaults to', () => {
    const embedded = embeddedConfig({});
    expect(defaultSystemSettings()).toMatchObject({
      timeZone: embedded.ANALYTICS_TZ,
      contactTo: embedded.CONTACT_TO,
      ipStorage: embedded.IP_STORAGE,
      trackingRateLimitPerMinute: embedded.RATE_LIMIT_TRACKING_PER_MINUTE,
      trackingRateLimitPerBrowserPerMinute: embedded.RATE_LIMIT_TRACKING_PER_BROWSER_PER_MINUTE,
      apiKeyRateLimitPerMinute: embedded.RATE_LIMIT_API_KEY_PER_MINUTE,
      sharedViewPerMinute: embedded.RATE_LIMIT_SHARED_VIEW_PER_MINUTE,
      trustProxyHops: embedded.TRUST_PROXY_HOPS,
      sessionTtlHours: embedded.SESSION_TTL_HOURS,
      retentionDays: embedded.RETENTION_DAYS,
      postbackMaxPayout: embedded.POSTBACK_MAX_PAYOUT,
      postbackMaxConversionsPerClick: embedded.POSTBACK_MAX_CONVERSIONS_PER_CLICK,
      mailFrom: {
        reports: reportsSettingsFromEnv({}).MAIL_FROM,
        adminAuth: adminAuthSettingsFromEnv({}).MAIL_FROM,
        analytics: analyticsSettingsFromEnv({}).MAIL_FROM,
      },
    });
  });

  it("take the postback's bounds as the offers service does (docs/operating.md)", () => {
    expect(embeddedConfig({})).toMatchObject({
      POSTBACK_MAX_PAYOUT: 10_000,
      POSTBACK_MAX_CONVERSIONS_PER_CLICK: 3,
    });
    expect(
      embeddedConfig({ POSTBACK_MAX_PAYOUT: '500', POSTBACK_MAX_CONVERSIONS_PER_CLICK: '1' }),
    ).toMatchObject({ POSTBACK_MAX_PAYOUT: 500, POSTBACK_MAX_CONVERSIONS_PER_CLICK: 1 });
    expect(() => embeddedConfig({ POSTBACK_MAX_CONVERSIONS_PER_CLICK: '0' })).toThrow(
      /POSTBACK_MAX_CONVERSIONS_PER_CLICK: must be at least 1/,
    );
  });

  it('honour every limit setting of reports and live as those services do (docs/operating.md)', () => {
    const reports = reportsSettingsFromEnv({});
    const live = liveSettingsFromEnv({});
    expect(embeddedRateLimitsOf(embeddedConfig({}))).toEqual({
      trackingRateLimitPerMinute: 600,
      trackingRateLimitPerBrowserPerMinute: undefined,
      apiKeyRateLimitPerMinute: 600,
      sharedViewPerMinute: 60,
      reportsRateLimit: {
        contactMax: reports.CONTACT_RATE_LIMIT_MAX,
        contactWindowMs: reports.CONTACT_RATE_LIMIT_WINDOW_MS,
        reportMax: reports.REPORT_RATE_LIMIT_MAX,
        reportWindowMs: reports.REPORT_RATE_LIMIT_WINDOW_MS,
        submitReportMax: reports.SUBMIT_REPORT_RATE_LIMIT_MAX,
        submitReportWindowMs: reports.SUBMIT_REPORT_RATE_LIMIT_WINDOW_MS,
        shareImageMax: reports.SHARE_IMAGE_RATE_LIMIT_MAX,
        shareImageWindowMs: reports.SHARE_IMAGE_RATE_LIMIT_WINDOW_MS,
        reportsPerRecipient: reports.REPORTS_PER_RECIPIENT_MAX,
        reportsPerRecipientWindowMs: reports.REPORTS_PER_RECIPIENT_WINDOW_MS,
      },
      live: { rateLimit: { messages: live.RATE_LIMIT_MESSAGES, windowMs: live.RATE_LIMIT_WINDOW_MS } },
    });
    const set = embeddedRateLimitsOf(
      embeddedConfig({
        CONTACT_RATE_LIMIT_MAX: '2',
        CONTACT_RATE_LIMIT_WINDOW_MS: '60000',
        REPORT_RATE_LIMIT_MAX: '3',
        SUBMIT_REPORT_RATE_LIMIT_MAX: '4',
        SHARE_IMAGE_RATE_LIMIT_WINDOW_MS: '5000',
        REPORTS_PER_RECIPIENT_MAX: '1',
        RATE_LIMIT_MESSAGES: '7',
        RATE_LIMIT_WINDOW_MS: '2000',
      }),
    );
    expect(set.reportsRateLimit).toMatchObject({
      contactMax: 2,
      contactWindowMs: 60_000,
      reportMax: 3,
      submitReportMax: 4,
      shareImageWindowMs: 5_000,
      reportsPerRecipient: 1,
    });
    expect(set.live).toEqual({ rateLimit: { messages: 7, windowMs: 2_000 } });
    expect(() => embeddedConfig({ CONTACT_RATE_LIMIT_MAX: '0' })).toThrow(/CONTACT_RATE_LIMIT_MAX/);
  });

  it('still name the variable that is wrong', () => {
    expect(() => embeddedConfig({ RETENTION_DAYS: '3' })).toThrow(/RETENTION_DAYS: must be at least 8/);
    expect(() => embeddedConfig({ DEVICE_COOKIE_SECRET: 'short' })).toThrow(/DEVICE_COOKIE_SECRET/);
    expect(() => embeddedConfig({ ADMIN_USERNAME: 'x' })).toThrow(/ADMIN_PASSWORD: .*set both/);
  });
});
