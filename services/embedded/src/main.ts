// `npm start`: the whole product in one process (embedded mode). The only file of the package that
// reads the environment. Ctrl-C (SIGINT) or SIGTERM stops it gracefully; a second Ctrl-C stops it at once.
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { defaultAdminDir, defaultPublicDir } from '@bodymetrics/gateway/settings';
import { embeddedConfig, embeddedRateLimitsOf } from './config';
import { NewerReleaseDatabaseError } from '@bodymetrics/db';
import { DataDirBusyError } from '@bodymetrics/db/pglite';
import { startEmbedded } from './embedded';

const shown = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? `./${rel}` : path;
};

async function main(): Promise<void> {
  const config = embeddedConfig();
  const began = Date.now();
  // The gateway's own defaults (the repository's web builds), named here for the "no build yet" note.
  const publicDir = config.PUBLIC_DIR ?? defaultPublicDir;
  const adminDir = config.ADMIN_DIR ?? defaultAdminDir;

  const running = await startEmbedded({
    host: config.HOST,
    port: config.PORT,
    dataDir: config.DATA_DIR,
    mailDir: config.MAIL_DIR,
    admin:
      config.ADMIN_USERNAME && config.ADMIN_PASSWORD
        ? { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD, email: config.ADMIN_EMAIL }
        : undefined,
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    log: (line) => console.log(`[embedded] ${line}`),
    timeZone: config.ANALYTICS_TZ,
    ...(config.PUBLIC_BASE_URL ? { publicBaseUrl: config.PUBLIC_BASE_URL } : {}),
    contactTo: config.CONTACT_TO,
    mailFrom: config.MAIL_FROM,
    publicDir,
    adminDir,
    ipStorage: config.IP_STORAGE,
    ...embeddedRateLimitsOf(config),
    trustProxyHops: config.TRUST_PROXY_HOPS,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    cookieSecure: config.COOKIE_SECURE,
    deviceCookieSecret: config.DEVICE_COOKIE_SECRET,
    twoFactorRequired: config.ADMIN_2FA_REQUIRED,
    retentionDays: config.RETENTION_DAYS,
    suspiciousClicksPerMinute: config.SUSPICIOUS_CLICKS_PER_MINUTE,
    postbackToken: config.POSTBACK_TOKEN,
    revenueCurrency: config.REVENUE_CURRENCY,
    postbackMaxPayout: config.POSTBACK_MAX_PAYOUT,
    postbackMaxConversionsPerClick: config.POSTBACK_MAX_CONVERSIONS_PER_CLICK,
    offerShareWindowDays: config.OFFER_SHARE_WINDOW_DAYS,
    supportNote: config.EATING_DISORDER_SUPPORT_TEXT,
    alerts: config.ALERTS_ENABLED,
    metrics: config.METRICS_PORT ? { host: config.METRICS_HOST, port: config.METRICS_PORT } : undefined,
    backups: config.BACKUP_DIR ? { dir: config.BACKUP_DIR, keep: config.BACKUP_KEEP } : undefined,
  });

  const notBuilt = [publicDir, adminDir].filter((dir) => !existsSync(join(dir, 'index.html')));
  const adminLine = running.admin
    ? running.admin.created
      ? `admin "${running.admin.username}" created from ADMIN_USERNAME / ADMIN_PASSWORD`
      : `admin "${running.admin.username}" already exists (ADMIN_PASSWORD does not overwrite its password)`
    : running.activeAdmins > 0
      ? `${running.activeAdmins} admin account(s); manage them with npm start -- admin … while stopped`
      : 'none yet — start with ADMIN_USERNAME=… ADMIN_PASSWORD=… npm start, or stop and run\n' +
        '                 npm start -- admin create --username <name> [--email <address>]';
  console.log(
    [
      '',
      `BodyMetrics is running — embedded mode (one process), ready in ${((Date.now() - began) / 1000).toFixed(1)} s`,
      `  visitor site:  ${running.url}/`,
      `  admin:         ${running.url}/admin`,
      `  data:          ${shown(running.dataDir)} (PGlite, kept across restarts)`,
      `  mail:          ${shown(running.mailDir)}/*.eml (nothing is sent; each mail is also logged here)`,
      `  events:        in-process bus; live presence in memory`,
      `  admin account: ${adminLine}`,
      ...(running.metricsUrl ? [`  metrics:       ${running.metricsUrl}/metrics (internal listener)`] : []),
      config.BACKUP_DIR
        ? `  backups:       daily into ${shown(resolve(config.BACKUP_DIR))}, the newest ${config.BACKUP_KEEP} kept`
        : '  backups:       npm run backup -- --to <file> (or set BACKUP_DIR for daily ones)',
      ...notBuilt.map((dir) => `  note:          ${shown(dir)} has no build yet: run "npm run build"`),
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log(`[embedded] ${signal} again: stopping at once`);
      process.exit(130);
    }
    stopping = true;
    console.log(
      `[embedded] ${signal}: stopping (finishing requests, applying accepted events, closing PGlite)`,
    );
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  const e = err as NodeJS.ErrnoException & { port?: number };
  // Known refusals are the operator's to act on: their message alone, no stack.
  if (err instanceof DataDirBusyError || err instanceof NewerReleaseDatabaseError)
    console.error(`[embedded] ${err.message}`);
  else if (e.code === 'EADDRINUSE')
    console.error(
      `[embedded] ${e.message}: another program (perhaps BodyMetrics in distributed mode) uses the port. ` +
        'Stop it, or choose another port: PORT=8090 npm start',
    );
  else if (e.message?.startsWith('Invalid configuration')) console.error(`[embedded] ${e.message}`);
  else console.error(err);
  process.exit(1);
});
