// The whole product wired once (design §1): every service served in the gateway's process (the gateway
// mounts each one's routes where it would proxy them, behind the same route table, same-origin rule,
// budgets and socket cap as in production), the aggregator and its daily retention job. One process
// listens on one port (and the metrics one when asked for). What differs between the embedded mode and a
// test of the whole system is only the adapters (PGlite or PostgreSQL, the in-process bus or Kafka, memory
// or Redis, .eml files or SMTP) and the settings; the distributed mode runs the same buildApp of each
// service as a process of its own, which the gateway proxies to.
import { createServer } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { inProcessAdminAuth } from '@bodymetrics/admin-auth';
import { startAggregator, startRetention, type Aggregator } from '@bodymetrics/aggregator';
import { inProcessAnalytics, startAlertEvaluator, startDigestScheduler } from '@bodymetrics/analytics';
import type { Bus, ConsumedBatch } from '@bodymetrics/bus';
import { adminSessionsRevokedNotice, analyticsChangedNotice, notifierOf } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { buildGateway, type Gateway, type InProcessServices } from '@bodymetrics/gateway';
import { inProcessLive } from '@bodymetrics/live';
import type { Mailer } from '@bodymetrics/mail';
import { inProcessOffers } from '@bodymetrics/offers';
import { inProcessReports } from '@bodymetrics/reports';
import { cleanups, visitorKeys, type SaltStore } from '@bodymetrics/service-kit';
import { inProcessTracking } from '@bodymetrics/tracking';
import type { SystemSettings } from './settings';

export interface SystemAdapters {
  db: Db;
  /** Where tracking and reports publish and the aggregator consumes. */
  bus: Bus;
  /** Live presence: in this process's memory (one live instance), or in Redis at this URL. */
  presence: 'memory' | { redisUrl: string };
  /**
   * How "analytics changed" and "admin sessions ended" reach the live service: a direct call (it runs in
   * this process), or a publish on Redis (as between the processes of the distributed mode).
   */
  notifiers: 'in-process' | { redis: Redis };
  /** Where the aggregator applies a batch; default a transaction on `db` (startAggregator's own). */
  applyBatch?: (batch: ConsumedBatch) => Promise<void>;
  /** Where the day's visitor salt is kept (one salt for tracking and reports); default this process's memory. */
  saltStore?: SaltStore;
  /** Rate-limit counters of the gateway, reports and admin-auth; default each app's own memory. */
  counters?: Redis;
  /** A mailer that sends as `from`; composeSystem closes each one after its service. */
  mailer: (from: string) => Mailer;
  /**
   * Awaited when closing, once no service takes requests any more and before the aggregator stops: the
   * embedded mode lets the aggregator apply the events tracking already accepted.
   */
  settle?: (aggregator: Aggregator) => Promise<void>;
  /** Lines for the operator (aggregator and retention errors, trouble while closing); default none. */
  log?: (line: string) => void;
}

export interface ListenOptions {
  /** The gateway's interface; default 127.0.0.1. */
  host?: string;
  /** The gateway's port; 0 for any free one. */
  port: number;
  /** The gateway's internal listener of /metrics and the detailed /readyz; none by default. */
  metrics?: { host: string; port: number } | undefined;
}

export interface ComposedSystem {
  /** The gateway as this machine reaches it, e.g. http://127.0.0.1:8080 */
  url: string;
  /** The public origin the services were given (links in mails, the accepted Origin). */
  publicBaseUrl: string;
  metricsUrl?: string | undefined;
  gateway: Gateway;
  /** Every service, as the gateway serves it in its process; a second gateway may mount the same. */
  inProcess: InProcessServices;
  /** Present when settings.aggregator is on. */
  aggregator?: Aggregator | undefined;
  /** Stops taking requests, then the services, then (after `settle`) the aggregator; once. */
  close(): Promise<void>;
}

/** A port that was free a moment ago, so the public URL is known before the gateway listens. */
async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => server.once('error', fail).listen(0, host, done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export const loopbackUrl = (host: string, port: number) =>
  `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function composeSystem(
  adapters: SystemAdapters,
  settings: SystemSettings,
  listen: ListenOptions,
): Promise<ComposedSystem> {
  const { db, bus } = adapters;
  const { timeZone } = settings;
  const log = adapters.log;
  const host = listen.host ?? '127.0.0.1';
  // One request log, the gateway's: every service's routes are answered in its process.
  const logger: FastifyServerOptions['logger'] = settings.logger
    ? { level: settings.logger.level, name: 'gateway' }
    : false;

  // Everything opened so far, closed in reverse order if a later step fails (and by close()).
  const opened = cleanups((err) => log?.(`system: error while closing: ${errorText(err)}`));

  try {
    // The public address is known before the gateway listens: the services put it in links and accept
    // admin writes only from it.
    const gatewayPort =
      listen.port === 0 && settings.publicBaseUrl === undefined ? await freePort(host) : listen.port;
    const publicBaseUrl = (settings.publicBaseUrl ?? loopbackUrl(host, gatewayPort)).replace(/\/+$/, '');

    const mailer = (from: string): Mailer => {
      const m = adapters.mailer(from);
      opened.push(() => m.close());
      return m;
    };
    const keyPrefix = settings.redisKeyPrefix;
    const redisNotices =
      adapters.notifiers === 'in-process' ? undefined : { redis: adapters.notifiers.redis, keyPrefix };

    // Live's presence and hub, served by the gateway below; closed after it (opened unwinds in reverse).
    const live = inProcessLive({
      db,
      ...(adapters.presence === 'memory'
        ? { presence: 'memory' as const }
        : { presence: 'redis' as const, redisUrl: adapters.presence.redisUrl, keyPrefix }),
      ...settings.live,
    });
    opened.push(() => live.close());

    let aggregator: Aggregator | undefined;
    if (settings.aggregator) {
      const started = await startAggregator({
        db,
        bus,
        timeZone,
        clickRules: { clicksPerMinute: settings.suspiciousClicksPerMinute },
        ...(adapters.applyBatch ? { applyBatch: adapters.applyBatch } : {}),
        // The distributed aggregator publishes this on Redis for the live instances; in one process live is
        // next door.
        notify: notifierOf(
          analyticsChangedNotice,
          redisNotices ?? { inProcess: live.controls.announceAnalyticsChanged },
        ),
        ...(log
          ? {
              log: (message: string, err?: unknown) =>
                log(`aggregator: ${message}${err ? ` (${errorText(err)})` : ''}`),
            }
          : {}),
      });
      aggregator = started;
      opened.push(async () => {
        await adapters.settle?.(started);
        await started.shutdown();
      });

      // The aggregator process's daily job: raw events past retention go (the aggregates stay).
      const retention = startRetention({
        db,
        retentionDays: settings.retentionDays,
        timeZone,
        log: (message, details) => {
          const err = (details as { err?: unknown } | undefined)?.err;
          if (err) log?.(`aggregator: ${message} (${errorText(err)})`);
        },
      });
      opened.push(() => retention.stop());
    }

    // The weekly digest: the analytics process's scheduler, here beside its app. The claim
    // row per admin and week keeps it to one mail even when another process runs one too.
    const analyticsMailer = mailer(settings.mailFrom.analytics);
    if (settings.weeklyDigest ?? settings.aggregator) {
      const digests = startDigestScheduler({
        db,
        mailer: analyticsMailer,
        timeZone,
        sendHour: settings.weeklyDigestHour,
        revenueCurrency: settings.revenueCurrency,
        log: (message, err) => log?.(`analytics: ${message}${err ? ` (${errorText(err)})` : ''}`),
      });
      opened.push(() => digests.stop());
    }
    // The alert rules: the analytics process's evaluator, here beside its app (an advisory lock keeps it to
    // one evaluation at a time when another process runs one too).
    if (settings.alerts ?? settings.aggregator) {
      const alerts = startAlertEvaluator({
        db,
        mailer: analyticsMailer,
        timeZone,
        ...(settings.alertEvalIntervalMs !== undefined ? { intervalMs: settings.alertEvalIntervalMs } : {}),
        log: (message, err) => log?.(`analytics: ${message}${err ? ` (${errorText(err)})` : ''}`),
      });
      opened.push(() => alerts.stop());
    }

    // ONE visitor-key instance shared by tracking (the page's steps) and reports (email_provided,
    // report_sent), so both name a visitor by the same daily key.
    const keys = visitorKeys(timeZone, ...(adapters.saltStore ? [adapters.saltStore] : []));
    const offersDeps = {
      db,
      postback: {
        token: settings.postbackToken,
        currency: settings.revenueCurrency,
        timeZone,
        maxPayout: settings.postbackMaxPayout,
        maxConversionsPerClick: settings.postbackMaxConversionsPerClick,
      },
      shares: { windowDays: settings.offerShareWindowDays },
    };
    const analyticsDeps = {
      db,
      timeZone,
      revenueCurrency: settings.revenueCurrency,
      mailer: analyticsMailer,
    };
    const counters = adapters.counters;
    const inProcess: InProcessServices = {
      tracking: inProcessTracking({ bus, ipStorage: settings.ipStorage, visitorKeys: keys, db }),
      offers: inProcessOffers(offersDeps),
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
        // Ended sessions close their live sockets at once.
        announceSessionsRevoked: notifierOf(
          adminSessionsRevokedNotice,
          redisNotices ?? { inProcess: live.controls.announceSessionsRevoked },
        ),
        ...(settings.adminRateLimits ? { rateLimits: settings.adminRateLimits } : {}),
      }),
      analytics: inProcessAnalytics(analyticsDeps),
      live,
    };

    const trustProxyHops = settings.trustProxyHops;
    const gateway: Gateway = await buildGateway({
      inProcess,
      ...(settings.publicDir ? { publicDir: settings.publicDir } : {}),
      ...(settings.adminDir ? { adminDir: settings.adminDir } : {}),
      ...(counters ? { redis: counters } : {}),
      rateLimit: {
        max: settings.trackingRateLimitPerMinute,
        perBrowserMax: settings.trackingRateLimitPerBrowserPerMinute,
        ...(counters ? { redisKeyPrefix: `${keyPrefix}gateway:` } : {}),
      },
      logger,
      publicBaseUrl,
      // The last TRUST_PROXY_HOPS addresses of X-Forwarded-For are our own proxies.
      trustProxy: (_address, hop) => hop < trustProxyHops,
    });
    opened.push(() => gateway.close());
    await gateway.listen({ host, port: gatewayPort });
    const address = gateway.server.address();
    const port = address && typeof address !== 'string' ? address.port : gatewayPort;
    const metricsUrl = listen.metrics ? await gateway.internal.listen(listen.metrics) : undefined;

    let closing: Promise<void> | undefined;
    return {
      url: loopbackUrl(host, port),
      publicBaseUrl,
      metricsUrl,
      gateway,
      inProcess,
      aggregator,
      close: () => (closing ??= opened.unwind()),
    };
  } catch (err) {
    await opened.unwind();
    throw err;
  }
}
