// `npm run start:distributed` (after infra/bin/start-distributed.sh ran infra:up, migrate, seed and the web
// build): every service as its own process on the ports of design §5, against the Postgres, Kafka and
// Redis named in the environment (or the local ones). Each output line is prefixed with its process
// (`[tracking] …`); Ctrl-C stops them all and waits for each to finish gracefully.
//
// Settings read here (the children get the whole environment as well):
//   TRACKING_REPLICAS=N  N tracking processes (8081, 8091, 8092, …), the gateway takes them in turns
//   TRACKING_IN_PROCESS=1 no tracking process: the gateway serves the tracking routes itself (the gateway's
//                        setting, read by it; here it only leaves the tracking processes out)
//   AGGREGATOR_REPLICAS=N N aggregator processes (8087, 8111, 8112, …) in one consumer group, sharing the
//                        topics' partitions (KAFKA_PARTITIONS, default 6: more aggregators than that idle)
//   SMTP_URL             where reports and admin-auth send mail; when unset, mail is written as .eml
//                        files to MAIL_DIR (default ./var/mail) — nothing listens on the SMTP default
//                        (127.0.0.1:1025) on a development machine
//   PUBLIC_BASE_URL      default http://127.0.0.1:8080 (links in mails and share pages)
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import {
  replicaPort,
  serviceManifest,
  services,
  settingsForNeeds,
  upstreamUrlSettings,
  type Need,
  type ServiceName,
} from '@bodymetrics/system/manifest';
import './cli-warnings';
import { readInfraEnv } from './env';
import { repoRoot } from './paths';

const settings = z
  .object({
    TRACKING_REPLICAS: z.coerce.number().int().min(1).max(20).default(1),
    // The gateway's TRACKING_IN_PROCESS, with its values (services/gateway/src/config.ts).
    TRACKING_IN_PROCESS: z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
    AGGREGATOR_REPLICAS: z.coerce.number().int().min(1).max(20).default(1),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_DIR: z.string().min(1).default('./var/mail'),
    PUBLIC_BASE_URL: z.url().default('http://127.0.0.1:8080'),
  })
  .safeParse({
    TRACKING_REPLICAS: process.env.TRACKING_REPLICAS || undefined,
    TRACKING_IN_PROCESS: process.env.TRACKING_IN_PROCESS || undefined,
    AGGREGATOR_REPLICAS: process.env.AGGREGATOR_REPLICAS || undefined,
    SMTP_URL: process.env.SMTP_URL || undefined,
    MAIL_DIR: process.env.MAIL_DIR || undefined,
    PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL || undefined,
  });
if (!settings.success) {
  console.error(
    `[distributed] invalid settings: ${settings.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
  );
  process.exit(1);
}
const config = settings.data;
const infra = readInfraEnv();
const mailDir = resolve(repoRoot, config.MAIL_DIR);

interface ServiceProcess {
  label: string;
  service: ServiceName;
  port: number;
  entry: string;
  env: Record<string, string>;
}

// What each service needs (the manifest), pointed at this machine's servers.
const settingsOfNeed: Record<Need, Record<string, string>> & {
  postgres: { DATABASE_URL: string };
  kafka: { KAFKA_BROKERS: string };
  redis: { REDIS_URL: string };
} = {
  postgres: { DATABASE_URL: infra.databaseUrl },
  kafka: { KAFKA_BROKERS: infra.kafkaBrokers.map((b) => `${b.host}:${b.port}`).join(',') },
  redis: { REDIS_URL: infra.redisUrl },
  smtp: config.SMTP_URL ? { SMTP_URL: config.SMTP_URL } : { MAIL_DIR: mailDir },
  'public-base-url': { PUBLIC_BASE_URL: config.PUBLIC_BASE_URL },
  // ANALYTICS_TZ as this shell has it (the children get the whole environment), else the services' default.
  'time-zone': {},
};
/** Settings of one process beyond what it needs from the manifest. */
const ownSettings: Partial<Record<ServiceName, Record<string, string>>> = {
  // The same prefix as reports' (its default): one day's visitor salt for the page's and the report's steps.
  tracking: { REDIS_KEY_PREFIX: 'bm:' },
  offers: { SEED_CONTENT: 'false' }, // seeded just before
  reports: { REDIS_KEY_PREFIX: 'bm:' },
  live: { PRESENCE: 'redis' },
};

const processOf = (
  service: ServiceName,
  label: string,
  port: number,
  extra: Record<string, string> = {},
) => ({
  label,
  service,
  port,
  entry: serviceManifest[service].entry,
  env: {
    ...settingsForNeeds(serviceManifest[service], settingsOfNeed, { mayUse: true }),
    ...ownSettings[service],
    ...extra,
  },
});

// A scaling service (tracking) runs TRACKING_REPLICAS times: 8081, then 8091, 8092, … (design §5).
const trackingReplicas: ServiceProcess[] = Array.from({ length: config.TRACKING_REPLICAS }, (_, i) =>
  processOf(
    'tracking',
    config.TRACKING_REPLICAS === 1 ? 'tracking' : `tracking-${i + 1}`,
    replicaPort(serviceManifest.tracking, i),
  ),
);

// The aggregator runs AGGREGATOR_REPLICAS times: 8087, then 8111, 8112, … (one consumer group).
const aggregators: ServiceProcess[] = Array.from({ length: config.AGGREGATOR_REPLICAS }, (_, i) =>
  processOf(
    'aggregator',
    config.AGGREGATOR_REPLICAS === 1 ? 'aggregator' : `aggregator-${i + 1}`,
    replicaPort(serviceManifest.aggregator, i),
  ),
);

const processes: ServiceProcess[] = services.flatMap((s): ServiceProcess[] => {
  if (s.name === 'tracking') return config.TRACKING_IN_PROCESS ? [] : trackingReplicas;
  if (s.name === 'aggregator') return aggregators;
  if (s.name !== 'gateway') return [processOf(s.name, s.name, s.port)];
  const upstreams = upstreamUrlSettings((u) =>
    u.name === 'tracking' && !config.TRACKING_IN_PROCESS
      ? trackingReplicas.map((t) => `http://127.0.0.1:${t.port}`).join(',')
      : `http://127.0.0.1:${u.port}`,
  );
  return [processOf('gateway', 'gateway', s.port, upstreams)];
});

const colors = [36, 32, 33, 35, 34, 31, 96, 92, 93, 95, 94];
const useColor = process.stdout.isTTY;
const labelWidth = Math.max(...processes.map((p) => p.label.length));
const prefixOf = (label: string, index: number) => {
  const text = `[${label}]`.padEnd(labelWidth + 2);
  return useColor ? `\x1b[${colors[index % colors.length]}m${text}\x1b[0m` : text;
};
const say = (line: string) => console.log(`[distributed] ${line}`);

function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

const busy = (
  await Promise.all(processes.map(async (p) => ((await portInUse(p.port)) ? p : undefined)))
).filter((p): p is ServiceProcess => p !== undefined);
if (busy.length) {
  for (const p of busy) say(`port ${p.port} (${p.label}) is already in use`);
  say('stop what uses it (perhaps "npm start", the embedded mode, listens on 8080) and try again');
  process.exit(1);
}

const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
const running = new Map<string, ChildProcess>();
let stopping = false;
let exitCode = 0;

function start(p: ServiceProcess, index: number): void {
  const child = spawn(tsx, [p.entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...p.env,
      PORT: String(p.port),
      // kafkajs 2.2.4 sets negative timeouts that Node >= 23 warns about on every start (see cli-warnings.ts).
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --disable-warning=TimeoutNegativeWarning`.trim(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C reaches only this script, which stops the services one signal each.
    detached: true,
  });
  running.set(p.label, child);
  const prefix = prefixOf(p.label, index);
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
  }
  child.once('exit', (code, signal) => {
    running.delete(p.label);
    if (stopping) return;
    say(`${p.label} exited (${signal ?? `code ${code}`}); stopping the others`);
    exitCode = 1;
    void stopAll();
  });
}

async function stopAll(): Promise<void> {
  if (stopping) return;
  stopping = true;
  const children = [...running.values()];
  for (const child of children) child.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of running.values()) child.kill('SIGKILL');
  }, 15_000);
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((done) => child.once('exit', () => done())),
    ),
  );
  clearTimeout(deadline);
  say('all services stopped');
  process.exit(exitCode);
}

process.on('SIGINT', () => {
  if (stopping) return;
  say('stopping every service (Ctrl-C)');
  void stopAll();
});
process.on('SIGTERM', () => void stopAll());
// Should this script die without stopping them, the services would be left running: never leave them.
process.on('exit', () => {
  for (const child of running.values()) child.kill('SIGKILL');
});

processes.forEach(start);

const gatewayUrl = `http://127.0.0.1:${serviceManifest.gateway.port}`;

async function waitUntilReady(timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!stopping && Date.now() < deadline) {
    try {
      const res = await fetch(`${gatewayUrl}${serviceManifest.gateway.readyPath}`, {
        signal: AbortSignal.timeout(3_000),
      });
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

const began = Date.now();
if (await waitUntilReady(120_000)) {
  console.log(
    [
      '',
      `BodyMetrics is running — distributed mode (${processes.length} processes), ready in ${((Date.now() - began) / 1000).toFixed(1)} s`,
      `  visitor site:  ${gatewayUrl}/`,
      `  admin:         ${gatewayUrl}/admin   (create one: npm run admin -- create --username <name> --email <address>)`,
      `  services:      ${processes.map((p) => `${p.label} :${p.port}`).join(', ')}`,
      `  postgres:      ${settingsOfNeed.postgres.DATABASE_URL.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@')}`,
      `  kafka:         ${settingsOfNeed.kafka.KAFKA_BROKERS}   redis: ${settingsOfNeed.redis.REDIS_URL}`,
      `  mail:          ${config.SMTP_URL ? `SMTP ${config.SMTP_URL}` : `${mailDir}/*.eml (set SMTP_URL to send over SMTP)`}`,
      'Press Ctrl-C to stop every service.',
      '',
    ].join('\n'),
  );
} else if (!stopping) {
  say(
    'the gateway did not become ready within 120 s; see the lines above (which service is down: GET http://127.0.0.1:9464/readyz, the internal listener)',
  );
}
