// The whole product for one test file, composed as the embedded mode composes it (composeSystem: every
// service's routes served in the real gateway's process, behind its route table, same-origin rule, budgets
// and socket cap) but on the distributed mode's adapters: the aggregator consuming real Kafka, a Postgres
// database, a Kafka topic prefix and a Redis key prefix of the file's own, and an SMTP sink for the mail.
// Callers speak to the gateway only, as a browser would. (The proxied path of the distributed mode, with
// each service its own process, is the browser suite's: e2e/src/distributed-system.ts.)
import { Redis } from 'ioredis';
import { createAdmin, type AdminAuthDeps } from '@bodymetrics/admin-auth';
import type { Db } from '@bodymetrics/db';
import type { Gateway, InProcessServices } from '@bodymetrics/gateway';
import { createMailer } from '@bodymetrics/mail';
import type { ReportsDeps } from '@bodymetrics/reports';
import { defaultAnalyticsTimeZone, redisSaltStore, type IpStorage } from '@bodymetrics/service-kit';
import { composeSystem, systemSettings } from '@bodymetrics/system';
import {
  createTestBus,
  createTestDatabase,
  startSmtpSink,
  testInfra,
  uniqueTag,
  type SmtpSink,
  type TestBus,
  type TestDatabase,
} from '@bodymetrics/testing';

export const timeZone = defaultAnalyticsTimeZone;
export const adminPassword = 'correct horse battery 42';

export interface SystemOptions {
  /** Names the database, topics and keys of the file. */
  label: string;
  /** IP_STORAGE of tracking and reports (default: truncated). */
  ipStorage?: IpStorage;
  /** Reads per API key and minute (default: the product's 600). */
  apiKeyPerMinute?: number;
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
  /** Every service, as the gateway serves it: a second gateway in front of the same services mounts these. */
  inProcess: InProcessServices;
  close(): Promise<void>;
}

export async function startSystem(options: SystemOptions): Promise<System> {
  const label = options.label;
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
    const testBus: TestBus = await createTestBus(`security-${label}`);
    cleanups.push(() => testBus.cleanup());

    // Wired as in production: Postgres, Kafka, and Redis for the rate-limit counters, live presence, the
    // notices and the day's visitor salt (shared by tracking and reports) — all under the file's own prefix.
    const system = await composeSystem(
      {
        db: testDb.db,
        bus: testBus.bus,
        presence: { redisUrl: testInfra().redisUrl },
        notifiers: { redis },
        saltStore: redisSaltStore(redis, keyPrefix),
        counters: redis,
        mailer: () =>
          createMailer({ kind: 'smtp', url: smtp.url, from: 'BodyMetrics <security@bodymetrics.test>' }),
      },
      systemSettings({
        // The gateway's own address is the public one (unless a test names another): a browser's Origin on
        // the admin socket must equal it, as in production.
        publicBaseUrl: options.publicBaseUrl,
        ipStorage: options.ipStorage,
        contactTo: 'operator@bodymetrics.test',
        redisKeyPrefix: keyPrefix,
        trackingRateLimitPerMinute: options.trackingPerMinute,
        apiKeyRateLimitPerMinute: options.apiKeyPerMinute,
        cookieSecure: false,
        reportsRateLimit: options.reportsRateLimit,
        adminRateLimits: options.adminRateLimits,
        live: {
          ...(options.liveSessionRecheckMs ? { sessionRecheckMs: options.liveSessionRecheckMs } : {}),
          ...(options.liveAuthTimeoutMs ? { authTimeoutMs: options.liveAuthTimeoutMs } : {}),
        },
        aggregator: options.aggregator ?? false,
        publicDir: options.publicDir,
        adminDir: options.adminDir,
      }),
      { port: 0 },
    );
    cleanups.push(() => system.close());
    return {
      db: testDb.db,
      gateway: system.gateway,
      baseUrl: system.url,
      smtp,
      redis,
      keyPrefix,
      inProcess: system.inProcess,
      close,
    };
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
