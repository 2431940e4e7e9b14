// The composed system's services: live (its presence and hub), every service as the gateway serves it in
// this process, and the gateway in front of them.
import type { FastifyServerOptions } from 'fastify';
import { inProcessAdminAuth } from '@bodymetrics/admin-auth';
import { inProcessAnalytics } from '@bodymetrics/analytics';
import { adminSessionsRevokedNotice, notifierOf } from '@bodymetrics/contracts';
import { buildGateway, type Gateway, type InProcessServices } from '@bodymetrics/gateway';
import { inProcessLive } from '@bodymetrics/live';
import type { Mailer } from '@bodymetrics/mail';
import { inProcessOffers } from '@bodymetrics/offers';
import { inProcessReports } from '@bodymetrics/reports';
import { visitorKeys } from '@bodymetrics/service-kit';
import { inProcessTracking } from '@bodymetrics/tracking';
import type { Wiring } from './compose-system';

export type InProcessLive = ReturnType<typeof inProcessLive>;

/** Live's presence and hub, served by the gateway; closed after it (opened unwinds in reverse). */
export function openLive({ adapters, settings, opened }: Wiring): InProcessLive {
  const live = inProcessLive({
    db: adapters.db,
    ...(adapters.presence === 'memory'
      ? { presence: 'memory' as const }
      : {
          presence: 'redis' as const,
          redisUrl: adapters.presence.redisUrl,
          keyPrefix: settings.redisKeyPrefix,
        }),
    ...settings.live,
  });
  opened.push(() => live.close());
  return live;
}

/** Every service, as the gateway serves it in this process. */
export function inProcessServices(
  { adapters, settings, publicBaseUrl, mailer, redisNotices }: Wiring,
  live: InProcessLive,
  analyticsMailer: Mailer,
): InProcessServices {
  const { db, bus, counters } = adapters;
  const { timeZone, redisKeyPrefix: keyPrefix } = settings;
  // ONE visitor-key instance shared by tracking (the page's steps) and reports (email_provided,
  // report_sent), so both name a visitor by the same daily key.
  const keys = visitorKeys(timeZone, ...(adapters.saltStore ? [adapters.saltStore] : []));
  return {
    tracking: inProcessTracking({ bus, ipStorage: settings.ipStorage, visitorKeys: keys, db }),
    offers: inProcessOffers({
      db,
      postback: {
        token: settings.postbackToken,
        currency: settings.revenueCurrency,
        timeZone,
        maxPayout: settings.postbackMaxPayout,
        maxConversionsPerClick: settings.postbackMaxConversionsPerClick,
      },
      shares: { windowDays: settings.offerShareWindowDays },
      supportNote: settings.supportNote,
    }),
    reports: inProcessReports({
      db,
      mailer: mailer(settings.mailFrom.reports),
      publicBaseUrl,
      contactTo: settings.contactTo,
      ipStorage: settings.ipStorage,
      bus,
      visitorKeys: keys,
      ...(counters ? { redis: counters, redisKeyPrefix: keyPrefix } : {}),
      ...(settings.reportsRateLimit ? { rateLimit: settings.reportsRateLimit } : {}),
    }),
    adminAuth: inProcessAdminAuth({
      db,
      ...(counters ? { redis: counters } : {}),
      mailer: mailer(settings.mailFrom.adminAuth),
      publicBaseUrl,
      sessionTtlHours: settings.sessionTtlHours,
      cookieSecure: settings.cookieSecure ?? publicBaseUrl.startsWith('https:'),
      keyPrefix,
      deviceCookieSecret: settings.deviceCookieSecret,
      twoFactorRequired: settings.twoFactorRequired,
      // Ended sessions close their live sockets at once.
      announceSessionsRevoked: notifierOf(
        adminSessionsRevokedNotice,
        redisNotices ?? { inProcess: live.controls.announceSessionsRevoked },
      ),
      ...(settings.adminRateLimits ? { rateLimits: settings.adminRateLimits } : {}),
    }),
    analytics: inProcessAnalytics({
      db,
      timeZone,
      revenueCurrency: settings.revenueCurrency,
      mailer: analyticsMailer,
      apiKeyRateLimitPerMinute: settings.apiKeyRateLimitPerMinute,
      sharedViewPerMinute: settings.sharedViewPerMinute,
      // With Redis every process of the system counts a key's reads together.
      ...(counters
        ? {
            apiKeyLimitStore: {
              kind: 'redis' as const,
              redis: counters,
              keyPrefix: `${keyPrefix}analytics:`,
              whenDown: 'count-in-memory' as const,
            },
          }
        : {}),
    }),
    live,
  };
}

/** The gateway in front of `inProcess`, closed before them; not listening yet. */
export async function openGateway(
  { adapters, settings, opened, publicBaseUrl }: Wiring,
  inProcess: InProcessServices,
): Promise<Gateway> {
  const { counters } = adapters;
  const { trustProxyHops } = settings;
  // One request log, the gateway's: every service's routes are answered in its process.
  const logger: FastifyServerOptions['logger'] = settings.logger
    ? { level: settings.logger.level, name: 'gateway' }
    : false;
  const gateway = await buildGateway({
    inProcess,
    ...(settings.publicDir ? { publicDir: settings.publicDir } : {}),
    ...(settings.adminDir ? { adminDir: settings.adminDir } : {}),
    ...(counters ? { redis: counters } : {}),
    rateLimit: {
      max: settings.trackingRateLimitPerMinute,
      perBrowserMax: settings.trackingRateLimitPerBrowserPerMinute,
      ...(counters ? { redisKeyPrefix: `${settings.redisKeyPrefix}gateway:` } : {}),
    },
    logger,
    publicBaseUrl,
    // The last TRUST_PROXY_HOPS addresses of X-Forwarded-For are our own proxies.
    trustProxy: (_address, hop) => hop < trustProxyHops,
  });
  opened.push(() => gateway.close());
  return gateway;
}
