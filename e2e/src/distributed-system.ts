// The distributed mode as production runs it: every service its own process, talking over HTTP, Kafka,
// Redis, Postgres and SMTP. Each system gets its own database (cloned from the migrated template and
// seeded with the shipped content), its own Kafka topic prefix, its own Redis key prefix and an SMTP
// sink, so a system never sees another's data; stop() removes all of them.
import { Redis } from 'ioredis';
import { ensureAdminFromEnv } from '@bodymetrics/admin-auth';
import { KafkaBus } from '@bodymetrics/bus';
import { defaultActiveWindowMs, trackingTopics } from '@bodymetrics/contracts';
import { seedContent } from '@bodymetrics/db';
import {
  serviceManifest,
  services as manifestServices,
  settingsForNeeds,
  upstreamUrlSettings,
  type Need,
  type ServiceName,
} from '@bodymetrics/system/manifest';
import {
  createTestDatabase,
  freePort,
  startSmtpSink,
  testInfra,
  uniqueTag,
  type SmtpSink,
  type TestDatabase,
} from '@bodymetrics/testing';
import { smtpMailbox } from './mailbox';
import { spawnService, waitUntilReady, type ServiceProcess } from './service-process';
import {
  e2eAdmin,
  e2ePostbackToken,
  operatorInbox,
  type LiveTiming,
  type RunningSystem,
} from './system-options';

export interface DistributedSystem extends RunningSystem {
  mode: 'distributed';
  /** The SMTP server the reports and admin-auth services deliver to; close it to make sending fail. */
  smtp: SmtpSink;
  services: ServiceProcess[];
}

export interface DistributedOptions {
  live?: LiveTiming;
  /** The operator's time zone for "today" (design.md §4). */
  analyticsTimeZone?: string;
  /**
   * Proxies the gateway trusts in X-Forwarded-For (TRUST_PROXY_HOPS): 1 lets a test speak for visitors at
   * many addresses, as a load balancer in front of the gateway does.
   */
  trustProxyHops?: number;
}

// Fewer partitions than production: one consumer, and topic creation and group joins stay quick.
const partitions = 2;

export async function startDistributedSystem(options: DistributedOptions = {}): Promise<DistributedSystem> {
  const infra = testInfra();
  const tag = uniqueTag();
  const topicPrefix = `e2e.${tag}.`;
  const redisKeyPrefix = `e2e:${tag}:`;
  const echo = process.env.E2E_SERVICE_LOGS === '1';

  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };

  try {
    const bus = new KafkaBus({
      brokers: infra.kafkaBrokers,
      clientId: `e2e-${tag}`,
      topicPrefix,
      partitions,
    });
    cleanups.push(async () => {
      await bus.deleteTopics(trackingTopics).catch(() => undefined);
      await bus.close();
    });
    const [database, smtp] = await Promise.all([
      createTestDatabase('e2e'),
      startSmtpSink(),
      // Created up front: the aggregator subscribes to topics that must exist (no auto-creation).
      bus.ensureTopics(trackingTopics),
    ]);
    cleanups.push(() => smtp.close());
    cleanups.push(() => (database as TestDatabase).drop());
    cleanups.push(() => deleteRedisKeys(infra.redisUrl, redisKeyPrefix));

    await seedContent(database.db);
    await ensureAdminFromEnv(database.db, e2eAdmin);

    // Every service of the manifest, each on a free port: several systems may run on this machine at once.
    const ports = Object.fromEntries(
      await Promise.all(manifestServices.map(async (s) => [s.name, await freePort()] as const)),
    ) as Record<ServiceName, number>;
    const url = (name: ServiceName) => `http://127.0.0.1:${ports[name]}`;
    const baseUrl = url('gateway');
    const metricsPort = await freePort();

    // What each service needs (the manifest), pointed at this system's own database, topics and keys.
    const settingsOfNeed: Record<Need, Record<string, string>> = {
      postgres: { DATABASE_URL: database.url },
      kafka: {
        KAFKA_BROKERS: infra.kafkaBrokers.join(','),
        TOPIC_PREFIX: topicPrefix,
        KAFKA_PARTITIONS: String(partitions),
      },
      // The same Redis and prefix for tracking and reports: one day's visitor salt, so the report's funnel
      // steps count for the visitor who walked the page's steps.
      redis: { REDIS_URL: infra.redisUrl, REDIS_KEY_PREFIX: redisKeyPrefix },
      smtp: { SMTP_URL: smtp.url },
      'public-base-url': { PUBLIC_BASE_URL: baseUrl },
      // Unset: the services' own default (docs/operating.md).
      'time-zone': options.analyticsTimeZone ? { ANALYTICS_TZ: options.analyticsTimeZone } : {},
    };
    const common = { LOG_LEVEL: 'warn' };
    /** Settings of one service beyond its needs. */
    const own: Partial<Record<ServiceName, Record<string, string>>> = {
      offers: { SEED_CONTENT: 'false', POSTBACK_TOKEN: e2ePostbackToken },
      reports: { CONTACT_TO: operatorInbox },
      'admin-auth': { LIVE_KEY_PREFIX: redisKeyPrefix },
      live: {
        PRESENCE: 'redis',
        ...(options.live?.activeWindowMs ? { ACTIVE_WINDOW_MS: String(options.live.activeWindowMs) } : {}),
        ...(options.live?.sweepIntervalMs ? { SWEEP_INTERVAL_MS: String(options.live.sweepIntervalMs) } : {}),
      },
      gateway: {
        ...upstreamUrlSettings((s) => url(s.name)),
        // Its internal /metrics listener on a free port: several systems may run on this machine at once.
        METRICS_PORT: String(metricsPort),
        ...(options.trustProxyHops ? { TRUST_PROXY_HOPS: String(options.trustProxyHops) } : {}),
      },
    };
    // The gateway's rate-limit counters stay in its memory (REDIS_URL is only something it may use): the
    // counters of one test system are its own.
    const env = (name: ServiceName) => ({
      ...common,
      ...settingsForNeeds(serviceManifest[name], settingsOfNeed),
      ...own[name],
    });

    const services = manifestServices.map((s) =>
      spawnService({ service: s, port: ports[s.name], env: env(s.name), echo }),
    );
    cleanups.push(() => Promise.all(services.map((s) => s.stop())));
    await Promise.all(services.map((s) => waitUntilReady(s)));

    return {
      mode: 'distributed',
      baseUrl,
      admin: e2eAdmin,
      mail: smtpMailbox(smtp),
      db: database.db,
      smtp,
      services,
      liveDropWithinMs:
        (options.live?.activeWindowMs ?? defaultActiveWindowMs) + (options.live?.sweepIntervalMs ?? 5_000),
      logs: () => services.map((s) => `--- ${s.name}\n${s.logs()}`).join('\n'),
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Presence, rate-limit and notice keys of this system (most expire anyway; this leaves nothing behind). */
async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
