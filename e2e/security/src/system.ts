// The whole product for one test file, in-process but wired as in production: every service's real
// `buildApp` listening on its own ephemeral port, the real gateway in front of them (proxying over HTTP
// and WebSocket), the aggregator consuming real Kafka, against a Postgres database, a Kafka topic prefix
// and a Redis key prefix of the file's own, and an SMTP sink for the mail. Callers speak to the gateway
// only, as a browser would.
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildApp as buildAdminAuth, createAdmin, type AdminAuthDeps } from '@bodymetrics/admin-auth';
import { startAggregator, type Aggregator } from '@bodymetrics/aggregator';
import { buildApp as buildAnalytics } from '@bodymetrics/analytics';
import { analyticsChangedNotice, notifierOf } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { buildGateway, type Gateway, type GatewayOptions } from '@bodymetrics/gateway';
import { buildApp as buildLive } from '@bodymetrics/live';
import { createMailer } from '@bodymetrics/mail';
import { buildApp as buildOffers } from '@bodymetrics/offers';
import { buildApp as buildReports, type ReportsDeps } from '@bodymetrics/reports';
import { redisSaltStore, visitorKeys, type IpStorage } from '@bodymetrics/service-kit';
import {
  createTestBus,
  createTestDatabase,
  freePort,
  startSmtpSink,
  testInfra,
  uniqueTag,
  type SmtpSink,
  type TestBus,
  type TestDatabase,
} from '@bodymetrics/testing';
import { buildApp as buildTracking } from '@bodymetrics/tracking';

type Upstreams = GatewayOptions['upstreams'];

export const timeZone = 'Europe/Bucharest';
export const adminPassword = 'correct horse battery 42';

export interface SystemOptions {
  /** Names the database, topics and keys of the file. */
  label: string;
  /** IP_STORAGE of tracking and reports (default: truncated). */
  ipStorage?: IpStorage;
  /** The gateway's per-IP budget of the tracking routes per minute (default: the product's 600). */
  trackingPerMinute?: number;
  /** The public address; the gateway sends HSTS only when it is https. Default: the gateway's own URL. */
  publicBaseUrl?: string;
  reportsRateLimit?: ReportsDeps['rateLimit'];
  adminRateLimits?: AdminAuthDeps['rateLimits'];
  /** How often the live service checks open admin sockets' sessions again (default: its own 60 s). */
  liveSessionRecheckMs?: number;
  /** How long a `?role=admin` socket without a session may take to send `auth` (default: live's 5 s). */
  liveAuthTimeoutMs?: number;
  /** Start the aggregator (Kafka consumer) — only the files that follow events into Postgres need it. */
  aggregator?: boolean;
  /** web-public / web-admin builds; default the repository's dist folders. */
  publicDir?: string;
  adminDir?: string;
}

export interface System {
  db: Db;
  gateway: Gateway;
  /** http://127.0.0.1:<port> of the gateway. */
  baseUrl: string;
  smtp: SmtpSink;
  redis: Redis;
  keyPrefix: string;
  /** Where each service listens, for a second gateway in front of the same services. */
  upstreams: Upstreams;
  close(): Promise<void>;
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

export async function startSystem(options: SystemOptions): Promise<System> {
  const label = options.label;
  const ipStorage = options.ipStorage ?? 'truncated';
  // The gateway's own address is the public one (unless a test names another): a browser's Origin on the
  // admin socket must equal it, as in production.
  const gatewayPort = options.publicBaseUrl ? 0 : await freePort();
  const publicBaseUrl = options.publicBaseUrl ?? `http://127.0.0.1:${gatewayPort}`;
  const keyPrefix = `test:${label}:${uniqueTag()}:`;
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };

  try {
    const testDb: TestDatabase = await createTestDatabase(`security_${label}`);
    cleanups.push(() => testDb.drop());
    const redis = new Redis(testInfra().redisUrl);
    cleanups.push(async () => {
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    });
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const mailer = createMailer({
      kind: 'smtp',
      url: smtp.url,
      from: 'BodyMetrics <security@bodymetrics.test>',
    });
    cleanups.push(async () => mailer.close());
    const testBus: TestBus = await createTestBus(`security-${label}`);
    cleanups.push(() => testBus.cleanup());

    const started = async (app: FastifyInstance) => {
      const url = await listen(app);
      cleanups.push(() => app.close());
      return url;
    };
    // As in production: the day's visitor salt in Redis, shared by tracking and reports (the same visitor key).
    const keys = visitorKeys(timeZone, redisSaltStore(redis, keyPrefix));
    const upstreams: Upstreams = {
      tracking: await started(
        buildTracking({ bus: testBus.bus, ipStorage, visitorKeys: keys, db: testDb.db }),
      ),
      offers: await started(buildOffers({ db: testDb.db })),
      reports: await started(
        buildReports({
          db: testDb.db,
          mailer,
          bus: testBus.bus,
          visitorKeys: keys,
          redis,
          redisKeyPrefix: keyPrefix,
          publicBaseUrl,
          contactTo: 'operator@bodymetrics.test',
          ipStorage,
          ...(options.reportsRateLimit ? { rateLimit: options.reportsRateLimit } : {}),
        }),
      ),
      adminAuth: await started(
        buildAdminAuth({
          db: testDb.db,
          redis,
          mailer,
          publicBaseUrl,
          sessionTtlHours: 12,
          cookieSecure: false,
          keyPrefix,
          ...(options.adminRateLimits ? { rateLimits: options.adminRateLimits } : {}),
        }),
      ),
      analytics: await started(buildAnalytics({ db: testDb.db, timeZone })),
      live: await started(
        buildLive({
          db: testDb.db,
          presence: 'redis',
          redisUrl: testInfra().redisUrl,
          keyPrefix,
          ...(options.liveSessionRecheckMs ? { sessionRecheckMs: options.liveSessionRecheckMs } : {}),
          ...(options.liveAuthTimeoutMs ? { authTimeoutMs: options.liveAuthTimeoutMs } : {}),
        }),
      ),
    };

    if (options.aggregator) {
      const aggregator: Aggregator = await startAggregator({
        db: testDb.db,
        bus: testBus.bus,
        timeZone,
        notify: notifierOf(analyticsChangedNotice, { redis, keyPrefix }),
      });
      cleanups.push(() => aggregator.shutdown());
    }

    const gateway = await buildGateway({
      upstreams,
      redis,
      rateLimit: { max: options.trackingPerMinute ?? 600, redisKeyPrefix: `${keyPrefix}gateway:` },
      publicBaseUrl,
      ...(options.publicDir ? { publicDir: options.publicDir } : {}),
      ...(options.adminDir ? { adminDir: options.adminDir } : {}),
    });
    const baseUrl = await gateway.listen({ host: '127.0.0.1', port: gatewayPort });
    cleanups.push(() => gateway.close());
    return { db: testDb.db, gateway, baseUrl, smtp, redis, keyPrefix, upstreams, close };
  } catch (err) {
    await close();
    throw err;
  }
}

let adminCounter = 0;

/** An admin account, created the way the `npm run admin` CLI does it. */
export async function createOperator(db: Db, username = `operator${++adminCounter}`) {
  return createAdmin(db, {
    username,
    email: `${username.replace(/\W/g, '')}@bodymetrics.test`,
    password: adminPassword,
  });
}
