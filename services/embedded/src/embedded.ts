// The embedded mode (design §3): the whole product in one process on a machine with only Node. Every
// service is the same buildApp as in the distributed mode, with the embedded adapters underneath —
// PGlite instead of PostgreSQL, the in-process bus instead of Kafka, presence in memory instead of Redis,
// .eml files instead of SMTP. Each service listens on an ephemeral loopback port and the gateway proxies
// to them with the same route table, so a request takes the same path through the same code.
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp as buildAdminAuthApp, ensureAdminFromEnv } from '@bodymetrics/admin-auth';
import { startAggregator, startRetention, type Aggregator } from '@bodymetrics/aggregator';
import { buildApp as buildAnalyticsApp } from '@bodymetrics/analytics';
import { InProcessBus } from '@bodymetrics/bus';
import { adminSessionsRevokedNotice, analyticsChangedNotice, notifierOf } from '@bodymetrics/contracts';
import { migrateToLatest, seedContent, type Db } from '@bodymetrics/db';
import { buildGateway, type Gateway } from '@bodymetrics/gateway';
import { buildApp as buildLiveApp } from '@bodymetrics/live';
import { createMailer, type Mailer } from '@bodymetrics/mail';
import { buildApp as buildOffersApp } from '@bodymetrics/offers';
import { buildApp as buildReportsApp } from '@bodymetrics/reports';
import { defaultAnalyticsTimeZone, visitorKeys, type IpStorage } from '@bodymetrics/service-kit';
import { buildApp as buildTrackingApp } from '@bodymetrics/tracking';
import { createPgliteDb, lockDataDir, type DataDirLock, type PgliteDb } from '@bodymetrics/db/pglite';

export interface EmbeddedAdmin {
  username: string;
  password: string;
  /** Default `<username>@bodymetrics.local`. */
  email?: string | undefined;
}

export interface EmbeddedOptions {
  /** The gateway's port; default 8080, 0 for any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** PGlite's folder (created on first start); its lock file is `<dataDir>.lock`. */
  dataDir: string;
  /** Where mails are written as .eml files. */
  mailDir: string;
  /** Created at start when no admin of that name exists (an existing one is left as it is). */
  admin?: EmbeddedAdmin | undefined;
  /** Each service's request log (pino); `false` (default) for none. */
  logger?: false | { level: string };
  /** Lines for the operator: mails written, admin created. Default console.log. */
  log?: (line: string) => void;
  /** ANALYTICS_TZ; default Europe/Bucharest. */
  timeZone?: string;
  /** Links in mails and share pages; default http://127.0.0.1:<port>. */
  publicBaseUrl?: string;
  contactTo?: string;
  /** Sender of every mail; default each service's own (reports@ / admin@bodymetrics.local). */
  mailFrom?: string | undefined;
  publicDir?: string | undefined;
  adminDir?: string | undefined;
  ipStorage?: IpStorage;
  trackingRateLimitPerMinute?: number;
  trustProxyHops?: number;
  sessionTtlHours?: number;
  cookieSecure?: boolean | undefined;
  /** DEVICE_COOKIE_SECRET of admin-auth; default a key generated once and kept in PGlite. */
  deviceCookieSecret?: string | undefined;
  /** Raw events older than this many days are deleted (the aggregates stay); default 395. */
  retentionDays?: number;
  /** Live presence timing (ACTIVE_WINDOW_MS / SWEEP_INTERVAL_MS of the live service); defaults as there. */
  live?: { activeWindowMs?: number; sweepIntervalMs?: number };
  /**
   * The gateway's internal listener of /metrics and the detailed /readyz (METRICS_HOST / METRICS_PORT).
   * Off by default: a laptop has no scraper, and one process on one port is the embedded mode's promise.
   */
  metrics?: { host: string; port: number } | undefined;
}

export interface RunningEmbedded {
  /** The gateway, e.g. http://127.0.0.1:8080 */
  url: string;
  /** The gateway's internal metrics listener, when `metrics` asked for one. */
  metricsUrl?: string | undefined;
  /** The PGlite database every service uses (for tests and tools in the same process). */
  db: Db;
  dataDir: string;
  mailDir: string;
  /** What happened to `options.admin`: created now, already there, or not asked for. */
  admin: { username: string; created: boolean } | undefined;
  /** Admin accounts that can sign in (0: the operator still has to create one). */
  activeAdmins: number;
  /** Stops taking requests, lets the aggregator apply what was accepted, closes PGlite once. */
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

const loopbackUrl = (host: string, port: number) =>
  `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;

export async function startEmbedded(options: EmbeddedOptions): Promise<RunningEmbedded> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.log(line));
  const timeZone = options.timeZone ?? defaultAnalyticsTimeZone;
  const dataDir = resolve(options.dataDir);
  const mailDir = resolve(options.mailDir);
  const loggerFor = (name: string): FastifyServerOptions['logger'] =>
    options.logger ? { level: options.logger.level, name } : false;

  // Everything opened so far, closed in reverse order if a later step fails (and by close()).
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const unwind = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (err) {
        log(`embedded: error while closing: ${(err as Error).message}`);
      }
    }
  };

  try {
    const lock: DataDirLock = await lockDataDir(dataDir);
    cleanups.push(() => lock.release());

    const database: PgliteDb = await createPgliteDb(dataDir);
    cleanups.push(() => database.close());
    const { db } = database;
    await migrateToLatest(db);
    await seedContent(db);

    let admin: RunningEmbedded['admin'];
    if (options.admin) {
      const result = await ensureAdminFromEnv(db, options.admin);
      admin = { username: result.admin.username, created: result.created };
    }

    const { n: activeAdmins } = await db
      .selectFrom('admin_users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();

    const port = options.port ?? 8080;
    const gatewayPort = port === 0 ? await freePort(host) : port;
    const publicBaseUrl = (options.publicBaseUrl ?? loopbackUrl(host, gatewayPort)).replace(/\/+$/, '');

    const mailer = (from: string): Mailer => {
      const m = createMailer({ kind: 'file', dir: mailDir, from: options.mailFrom ?? from, log });
      cleanups.push(() => m.close());
      return m;
    };

    const bus = new InProcessBus({ log: (message) => log(`bus: ${message}`) });
    cleanups.push(() => bus.close());

    const listening = async (app: FastifyInstance) => {
      cleanups.push(() => app.close());
      return app.listen({ host: '127.0.0.1', port: 0 });
    };

    const live = buildLiveApp({
      db,
      presence: 'memory',
      logger: loggerFor('live'),
      ...(options.live?.activeWindowMs ? { activeWindowMs: options.live.activeWindowMs } : {}),
      ...(options.live?.sweepIntervalMs ? { sweepIntervalMs: options.live.sweepIntervalMs } : {}),
    });
    const liveUrl = await listening(live);

    const aggregator: Aggregator = await startAggregator({
      db,
      bus,
      timeZone,
      // The distributed aggregator publishes this on Redis for the live instances; here live is next door.
      notify: notifierOf(analyticsChangedNotice, { inProcess: live.live.announceAnalyticsChanged }),
      log: (message, err) => log(`aggregator: ${message}${err ? ` (${(err as Error).message})` : ''}`),
    });
    cleanups.push(async () => {
      // Tracking has stopped taking events by now; let the aggregator apply what it accepted.
      if (!(await bus.drain(10_000))) log('embedded: stopping with tracking events not yet applied');
      await aggregator.shutdown();
    });

    // The aggregator process's daily job, as in the distributed mode: raw events past retention go.
    const retention = startRetention({
      db,
      retentionDays: options.retentionDays ?? 395,
      timeZone,
      log: (message, details) => {
        const err = (details as { err?: unknown } | undefined)?.err;
        if (err) log(`aggregator: ${message} (${err instanceof Error ? err.message : String(err)})`);
      },
    });
    cleanups.push(() => retention.stop());

    // One process: the day's salt lives in its memory only, ONE instance shared by tracking (the page's steps)
    // and reports (email_provided, report_sent), so both name a visitor by the same daily key.
    const keys = visitorKeys(timeZone);
    const upstreams = {
      live: liveUrl,
      analytics: await listening(buildAnalyticsApp({ db, timeZone, logger: loggerFor('analytics') })),
      adminAuth: await listening(
        buildAdminAuthApp({
          db,
          mailer: mailer('BodyMetrics <admin@bodymetrics.local>'),
          publicBaseUrl,
          sessionTtlHours: options.sessionTtlHours ?? 12,
          cookieSecure: options.cookieSecure ?? publicBaseUrl.startsWith('https:'),
          keyPrefix: 'bm:',
          deviceCookieSecret: options.deviceCookieSecret,
          // Ended sessions close their live sockets at once; the live service is next door here.
          announceSessionsRevoked: notifierOf(adminSessionsRevokedNotice, {
            inProcess: (revoked) => live.live.announceSessionsRevoked(revoked),
          }),
          logger: loggerFor('admin-auth'),
        }),
      ),
      reports: await listening(
        buildReportsApp({
          db,
          mailer: mailer('BodyMetrics <reports@bodymetrics.local>'),
          publicBaseUrl,
          contactTo: options.contactTo ?? 'operator@bodymetrics.local',
          ipStorage: options.ipStorage ?? 'truncated',
          bus,
          visitorKeys: keys,
          logger: loggerFor('reports'),
        }),
      ),
      offers: await listening(buildOffersApp({ db, logger: loggerFor('offers') })),
      tracking: await listening(
        buildTrackingApp({
          bus,
          ipStorage: options.ipStorage ?? 'truncated',
          // One process: the day's salt lives in its memory only, shared with reports.
          visitorKeys: keys,
          db,
          logger: loggerFor('tracking'),
        }),
      ),
    };

    const trustProxyHops = options.trustProxyHops ?? 0;
    const gateway: Gateway = await buildGateway({
      upstreams,
      ...(options.publicDir ? { publicDir: options.publicDir } : {}),
      ...(options.adminDir ? { adminDir: options.adminDir } : {}),
      rateLimit: { max: options.trackingRateLimitPerMinute ?? 600 },
      logger: loggerFor('gateway'),
      publicBaseUrl,
      trustProxy: (_address, hop) => hop < trustProxyHops,
    });
    cleanups.push(() => gateway.close());
    await gateway.listen({ host, port: gatewayPort });
    const metricsUrl = options.metrics ? await gateway.internal.listen(options.metrics) : undefined;

    let closing: Promise<void> | undefined;
    return {
      url: loopbackUrl(host, gatewayPort),
      metricsUrl,
      db,
      dataDir,
      mailDir,
      admin,
      activeAdmins: Number(activeAdmins),
      close: () => (closing ??= unwind()),
    };
  } catch (err) {
    await unwind();
    throw err;
  }
}
