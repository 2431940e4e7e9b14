// The embedded mode (design §3): the whole product in one process, on one port, on a machine with only
// Node. Every service's routes are the same as in the distributed mode, served in the gateway's process,
// with the embedded adapters underneath —
// PGlite instead of PostgreSQL, the in-process bus instead of Kafka, presence in memory instead of Redis,
// .eml files instead of SMTP — composed by the one composeSystem (@bodymetrics/system). This file adds
// what only the embedded mode has: the data folder and its lock, migrations and the first admin, and a
// shutdown that lets the aggregator apply every event tracking accepted.
import { resolve } from 'node:path';
import { ensureAdminFromEnv } from '@bodymetrics/admin-auth';
import { InProcessBus } from '@bodymetrics/bus';
import { migrateToLatest, seedContent, type Db } from '@bodymetrics/db';
import { createMailer } from '@bodymetrics/mail';
import { cleanups, type IpStorage } from '@bodymetrics/service-kit';
import { databaseThreadJobs, type ApplyBatchJob } from '@bodymetrics/aggregator/database-thread-jobs';
import { composeSystem, embeddedProcess, systemSettings, type SystemSettings } from '@bodymetrics/system';
import { createPgliteDb, lockDataDir, type DataDirLock, type PgliteDb } from '@bodymetrics/db/pglite';
import { startEmbeddedBackups, type ScheduledEmbeddedBackups } from './backups';

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
  /** ANALYTICS_TZ; default the services' own (docs/operating.md), as every unset option below. */
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
  /** RATE_LIMIT_TRACKING_PER_BROWSER_PER_MINUTE; unset, the gateway's default. */
  trackingRateLimitPerBrowserPerMinute?: number;
  /** RATE_LIMIT_API_KEY_PER_MINUTE; unset, analytics' default. */
  apiKeyRateLimitPerMinute?: number;
  /** RATE_LIMIT_SHARED_VIEW_PER_MINUTE; unset, analytics' default. */
  sharedViewPerMinute?: number;
  /** Reports' limits (CONTACT_RATE_LIMIT_MAX …, REPORTS_PER_RECIPIENT_MAX …); unset, reports' defaults. */
  reportsRateLimit?: SystemSettings['reportsRateLimit'];
  trustProxyHops?: number;
  sessionTtlHours?: number;
  cookieSecure?: boolean | undefined;
  /** DEVICE_COOKIE_SECRET of admin-auth; default a key generated once and kept in PGlite. */
  deviceCookieSecret?: string | undefined;
  /** ADMIN_2FA_REQUIRED of admin-auth: a second factor for every admin; default off. */
  twoFactorRequired?: boolean | undefined;
  /** Raw events older than this many days are deleted (the aggregates stay). */
  retentionDays?: number;
  /** SUSPICIOUS_CLICKS_PER_MINUTE of the aggregator; default as there. */
  suspiciousClicksPerMinute?: number | undefined;
  /** POSTBACK_TOKEN of offers; unset, GET /api/postback answers 404. */
  postbackToken?: string | undefined;
  /** REVENUE_CURRENCY: the one currency conversions are recorded and summed in. */
  revenueCurrency?: string | undefined;
  /** POSTBACK_MAX_PAYOUT and POSTBACK_MAX_CONVERSIONS_PER_CLICK of offers; defaults as there. */
  postbackMaxPayout?: number | undefined;
  postbackMaxConversionsPerClick?: number | undefined;
  /** ALERTS_ENABLED of analytics: the alert evaluator; on by default. */
  alerts?: boolean | undefined;
  /** EATING_DISORDER_SUPPORT_TEXT of offers; default as there. */
  supportNote?: string | undefined;
  /** OFFER_SHARE_WINDOW_DAYS of offers; default as there. */
  offerShareWindowDays?: number | undefined;
  /** Tracking events accepted but not yet applied past which tracking answers 503 (default 5,000). */
  maxUnappliedEvents?: number;
  /**
   * Live presence timing (ACTIVE_WINDOW_MS / SWEEP_INTERVAL_MS of the live service) and messages per socket
   * (RATE_LIMIT_MESSAGES / RATE_LIMIT_WINDOW_MS); defaults as there.
   */
  live?: SystemSettings['live'];
  /**
   * The gateway's internal listener of /metrics and the detailed /readyz (METRICS_HOST / METRICS_PORT).
   * Off by default: a laptop has no scraper, and one process on one port is the embedded mode's promise.
   */
  metrics?: { host: string; port: number } | undefined;
  /** BACKUP_DIR / BACKUP_KEEP: a daily snapshot of the database into that folder; none by default. */
  backups?: ScheduledEmbeddedBackups | undefined;
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

export const defaultMaxUnappliedEvents = 5_000;

export async function startEmbedded(options: EmbeddedOptions): Promise<RunningEmbedded> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = resolve(options.dataDir);
  const mailDir = resolve(options.mailDir);

  // Everything opened so far, closed in reverse order if a later step fails (and by close()).
  const opened = cleanups((err) => log(`embedded: error while closing: ${(err as Error).message}`));

  try {
    const lock: DataDirLock = await lockDataDir(dataDir);
    opened.push(() => lock.release());

    // The aggregator's batch transaction runs in PGlite's thread: its jobs module, as the aggregator names it.
    const database: PgliteDb = await createPgliteDb(dataDir, { jobs: databaseThreadJobs });
    opened.push(() => database.close());
    const { db } = database;
    await migrateToLatest(db);
    await seedContent(db);
    // npm run backup's requests (the folder is this process's) and the daily snapshots of BACKUP_DIR.
    const backups = await startEmbeddedBackups(database, dataDir, options.backups, log);
    opened.push(() => backups.close());

    const { admin, activeAdmins } = await firstAdmin(db, options.admin);

    // Durable at 202: a tracking call is answered once the aggregator's transaction holding its event
    // committed — the calls arriving meanwhile form the next transaction (group commit) — and a backlog past
    // maxUnappliedEvents is refused with 503 and Retry-After instead of growing memory.
    const bus = new InProcessBus({
      acknowledge: 'applied',
      maxUnapplied: options.maxUnappliedEvents ?? defaultMaxUnappliedEvents,
      log: (message) => log(`bus: ${message}`),
    });
    opened.push(() => bus.close());

    const settings = embeddedSettings(options);

    // One process: presence, notices, the day's salt and rate-limit counters live in its memory.
    const system = await composeSystem(
      {
        db,
        bus,
        presence: 'memory',
        notifiers: 'in-process',
        // One round trip to PGlite's thread per batch, not one per statement (the jobs' module above).
        applyBatch: (batch) =>
          database.runJob('applyBatch', {
            topic: batch.topic.name,
            events: batch.events,
            timeZone: settings.timeZone,
            clickRules: { clicksPerMinute: settings.suspiciousClicksPerMinute },
          } satisfies ApplyBatchJob),
        mailer: (from) => createMailer({ kind: 'file', dir: mailDir, from, log }),
        // Tracking has stopped taking events by now; let the aggregator apply what it accepted.
        settle: async () => {
          if (!(await bus.drain(10_000))) log('embedded: stopping with tracking events not yet applied');
        },
        log,
      },
      settings,
      {
        host: options.host ?? '127.0.0.1',
        port: options.port ?? embeddedProcess.port,
        metrics: options.metrics,
      },
    );
    opened.push(() => system.close());

    let closing: Promise<void> | undefined;
    return {
      url: system.url,
      metricsUrl: system.metricsUrl,
      db,
      dataDir,
      mailDir,
      admin,
      activeAdmins,
      close: () => (closing ??= opened.unwind()),
    };
  } catch (err) {
    await opened.unwind();
    throw err;
  }
}

/** Creates `wanted` unless an admin of that name exists; counts the admins who can sign in. */
async function firstAdmin(
  db: Db,
  wanted: EmbeddedAdmin | undefined,
): Promise<Pick<RunningEmbedded, 'admin' | 'activeAdmins'>> {
  let admin: RunningEmbedded['admin'];
  if (wanted) {
    const result = await ensureAdminFromEnv(db, wanted);
    admin = { username: result.admin.username, created: result.created };
  }
  const { n: activeAdmins } = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  return { admin, activeAdmins: Number(activeAdmins) };
}

/** The system's settings in the embedded mode: the options as they are, MAIL_FROM for every sender. */
function embeddedSettings(options: EmbeddedOptions): SystemSettings {
  return systemSettings({
    timeZone: options.timeZone,
    publicBaseUrl: options.publicBaseUrl,
    contactTo: options.contactTo,
    // MAIL_FROM is one value for every sender here; unset, each service's own.
    ...(options.mailFrom
      ? {
          mailFrom: {
            reports: options.mailFrom,
            adminAuth: options.mailFrom,
            analytics: options.mailFrom,
          },
        }
      : {}),
    publicDir: options.publicDir,
    adminDir: options.adminDir,
    ipStorage: options.ipStorage,
    trackingRateLimitPerMinute: options.trackingRateLimitPerMinute,
    trackingRateLimitPerBrowserPerMinute: options.trackingRateLimitPerBrowserPerMinute,
    apiKeyRateLimitPerMinute: options.apiKeyRateLimitPerMinute,
    sharedViewPerMinute: options.sharedViewPerMinute,
    reportsRateLimit: options.reportsRateLimit,
    trustProxyHops: options.trustProxyHops,
    sessionTtlHours: options.sessionTtlHours,
    cookieSecure: options.cookieSecure,
    deviceCookieSecret: options.deviceCookieSecret,
    twoFactorRequired: options.twoFactorRequired,
    retentionDays: options.retentionDays,
    suspiciousClicksPerMinute: options.suspiciousClicksPerMinute,
    postbackToken: options.postbackToken,
    revenueCurrency: options.revenueCurrency,
    postbackMaxPayout: options.postbackMaxPayout,
    postbackMaxConversionsPerClick: options.postbackMaxConversionsPerClick,
    offerShareWindowDays: options.offerShareWindowDays,
    supportNote: options.supportNote,
    alerts: options.alerts,
    ...(options.live ? { live: options.live } : {}),
    logger: options.logger ?? false,
  });
}
