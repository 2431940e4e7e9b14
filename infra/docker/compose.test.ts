// docker-compose.yml and infra/docker/Dockerfile, checked as files (no Docker engine runs here): every
// process of design §1 is there, on the ports of design §5, healthy only when its /healthz answers, with
// the settings its config.ts reads pointing at the compose services, started in the right order, and
// tracking free to scale (`docker compose up --scale tracking=4`); each image runs its compiled JavaScript
// with production dependencies only (what the deployed folder holds, and that it runs:
// shipped-service.integration.test.ts). Kafka is one node, or with infra/docker/kafka-cluster.env the three
// brokers of the kafka-cluster profile, each setting checked as compose would resolve it from that file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { services, settingOfNeed, type Need } from '@bodymetrics/system/manifest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

interface ComposeService {
  image?: string;
  profiles?: string[];
  build?: { context: string; dockerfile: string; target: string; args?: Record<string, string> };
  environment?: Record<string, string | number>;
  ports?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
  container_name?: string;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const dockerfile = read('infra/docker/Dockerfile');
/** One stage of the Dockerfile, from its base image to the next FROM (comment lines left out). */
function stage(name: string): string {
  const found = dockerfile.split(/^FROM /m).find((text) => new RegExp(`^\\S+ AS ${name}\\n`).test(text));
  if (!found) throw new Error(`infra/docker/Dockerfile has no stage "${name}"`);
  return found.replace(/^#.*\n/gm, '');
}

/** Design §5. */
const appPorts: Record<string, number> = {
  gateway: 8080,
  tracking: 8081,
  offers: 8082,
  reports: 8083,
  'admin-auth': 8084,
  analytics: 8085,
  live: 8086,
  aggregator: 8087,
};
const apps = Object.keys(appPorts);

/** What each service must be told in compose: where its servers are and who it is. */
const requiredEnv: Record<string, string[]> = {
  gateway: [
    'HOST',
    'PORT',
    'TRACKING_URL',
    'OFFERS_URL',
    'REPORTS_URL',
    'ADMIN_AUTH_URL',
    'ANALYTICS_URL',
    'LIVE_URL',
    'REDIS_URL',
    'PUBLIC_BASE_URL',
  ],
  tracking: ['HOST', 'PORT', 'KAFKA_BROKERS'],
  offers: ['HOST', 'PORT', 'DATABASE_URL'],
  reports: [
    'HOST',
    'PORT',
    'DATABASE_URL',
    'SMTP_URL',
    'MAIL_FROM',
    'CONTACT_TO',
    'PUBLIC_BASE_URL',
    'REDIS_URL',
  ],
  'admin-auth': ['HOST', 'PORT', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'MAIL_FROM', 'PUBLIC_BASE_URL'],
  analytics: ['HOST', 'PORT', 'DATABASE_URL', 'ANALYTICS_TZ', 'SMTP_URL', 'MAIL_FROM'],
  live: ['HOST', 'PORT', 'DATABASE_URL', 'REDIS_URL', 'PRESENCE'],
  aggregator: ['HOST', 'PORT', 'DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'ANALYTICS_TZ'],
};

/** The variables a service's config.ts reads: the keys of its zod object, plus commonEnv's. */
const settingNames = (source: string) =>
  [...source.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] as string);

/** The bus settings fragments of packages/bus/src/settings.ts, by name (a config spreads them). */
function busFragments(): Record<string, string[]> {
  const source = read('packages/bus/src/settings.ts');
  const block = (name: string) => source.split(`export const ${name} = {`)[1]?.split('};')[0] ?? '';
  const kafkaEnv = settingNames(block('kafkaEnv'));
  return { kafkaEnv, kafkaProducerEnv: [...kafkaEnv, ...settingNames(block('kafkaProducerEnv'))] };
}

/** The mail settings of packages/service-kit/src/config.ts' mailEnv (a config spreads `...mailEnv(…)`). */
function mailFragment(): string[] {
  const source = read('packages/service-kit/src/config.ts');
  return settingNames(source.split('export const mailEnv = ')[1]?.split('});')[0] ?? '');
}

function configKeys(service: string): Set<string> {
  const source = read(`services/${service}/src/config.ts`);
  const keys = new Set(settingNames(source));
  if (source.includes('...commonEnv')) for (const k of ['HOST', 'LOG_LEVEL']) keys.add(k);
  for (const [fragment, names] of Object.entries(busFragments()))
    if (source.includes(`...${fragment},`)) for (const k of names) keys.add(k);
  if (source.includes('...mailEnv(')) for (const k of mailFragment()) keys.add(k);
  return keys;
}

/** A value as compose would use it with `vars` set (none: the shell sets nothing): `${NAME:-default}`. */
const resolved = (value: string | number | undefined, vars: Record<string, string> = {}) =>
  String(value ?? '').replace(/\$\{([A-Z0-9_]+):-([^}]*)\}/g, (_, name: string, fallback: string) =>
    vars[name] === undefined || vars[name] === '' ? fallback : vars[name],
  );

/** The variables of an env file (`NAME=value` lines; comments and blank lines left out). */
const envFile = (path: string): Record<string, string> =>
  Object.fromEntries(
    read(path)
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

function service(name: string): ComposeService {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}
const env = (name: string) => service(name).environment ?? {};

describe('docker-compose.yml', () => {
  it('has the infrastructure, the one-shot migrate job and one service per process', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['postgres', 'kafka', 'kafka-2', 'kafka-3', 'redis', 'mailpit', 'migrate', ...apps].sort(),
    );
    expect(service('postgres').image).toBe('postgres:17');
    expect(service('kafka').image).toBe('apache/kafka:3.9.1');
    expect(service('redis').image).toMatch(/^redis:7(\.|$|-)/);
    expect(service('mailpit').image).toMatch(/^axllent\/mailpit(:|$)/);
  });

  it('runs Kafka as one KRaft node, advertised to the other containers as kafka:9092', () => {
    const kafka = env('kafka');
    expect(kafka.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(kafka.KAFKA_ADVERTISED_LISTENERS).toBe('PLAINTEXT://kafka:9092');
    expect(String(kafka.KAFKA_LISTENERS)).toContain('CONTROLLER://:9093');
    expect(resolved(kafka.KAFKA_CONTROLLER_QUORUM_VOTERS)).toBe(`${kafka.KAFKA_NODE_ID}@kafka:9093`);
    expect(resolved(kafka.KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR)).toBe('1');
    expect(resolved(kafka.KAFKA_DEFAULT_REPLICATION_FACTOR)).toBe('1');
    // Without the cluster's env file only the one node starts: the other two belong to the profile.
    expect(service('kafka').profiles).toBeUndefined();
    // A cluster id is 16 bytes in URL-safe base64 without padding.
    expect(Buffer.from(String(kafka.CLUSTER_ID), 'base64url')).toHaveLength(16);
    for (const infra of ['postgres', 'kafka', 'redis', 'mailpit'])
      expect(service(infra).healthcheck?.test.length, infra).toBeGreaterThan(0);
  });

  it.each(apps)(
    "builds %s from the Node 24 Dockerfile's service target, with its name and design §5 port",
    (name) => {
      const port = appPorts[name] as number;
      const svc = service(name);
      expect(svc.build).toMatchObject({
        context: '.',
        dockerfile: 'infra/docker/Dockerfile',
        target: name === 'gateway' ? 'gateway' : 'service',
        args: { SERVICE: name, PORT: String(port) },
      });
      expect(String(env(name).PORT)).toBe(String(port));
      expect(env(name).HOST).toBe('0.0.0.0');
    },
  );

  it("builds each service's image from its deployed folder, where the repository has it, on its port", () => {
    const target = stage('service');
    expect(dockerfile).toMatch(/^FROM runtime AS service$/m);
    expect(target).toMatch(/^ARG SERVICE$/m);
    expect(target).toMatch(/^ARG PORT$/m);
    // The service's deployed folder (dist/ + production node_modules), where the repository has it.
    expect(target).toContain('COPY --from=build /deploy/services/${SERVICE} /app/services/${SERVICE}\n');
    expect(target).toMatch(/^WORKDIR \/app\/services\/\$\{SERVICE\}$/m);
    expect(target).toMatch(/^ENV PORT=\$\{PORT\}$/m);
    expect(target).toMatch(/^EXPOSE \$\{PORT\}$/m);
    expect(target).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
    // The gateway's image is a service's, with the two web apps it serves.
    expect(dockerfile).toMatch(/^FROM service AS gateway$/m);
    expect(stage('gateway')).toContain('COPY --from=build /app/web-public/dist /app/web-public/dist\n');
    expect(stage('gateway')).toContain('COPY --from=build /app/web-admin/dist /app/web-admin/dist\n');
  });

  it('builds on node:24-bookworm-slim with pnpm from corepack and the frozen lockfile', () => {
    expect(dockerfile).toMatch(/^FROM node:24-bookworm-slim AS workspace$/m);
    expect(dockerfile).toMatch(/corepack enable pnpm/);
    expect(dockerfile).toMatch(/pnpm install --frozen-lockfile/);
    expect(dockerfile).toMatch(/^FROM workspace AS build$/m);
    // The gateway serves the two web builds, so its image carries them.
    expect(dockerfile).toContain('COPY --from=build /app/web-public/dist /app/web-public/dist\n');
    expect(dockerfile).toContain('COPY --from=build /app/web-admin/dist /app/web-admin/dist\n');
  });

  it('compiles every process and deploys each with its production dependencies only', () => {
    const build = stage('build');
    expect(build).toMatch(/turbo run build\b/);
    for (const filter of [
      '@bodymetrics/web-public',
      '@bodymetrics/web-admin',
      "'./services/*'",
      '@bodymetrics/db',
    ])
      expect(build).toContain(`--filter=${filter}`);
    const deployed =
      /for name in ([a-z\- ]+); do[\s\S]*?pnpm --filter "@bodymetrics\/\$name" deploy --prod /.exec(build);
    expect(deployed?.[1]?.split(' ').sort()).toEqual([...apps].sort());
    expect(build).toMatch(/pnpm --filter @bodymetrics\/db deploy --prod [^\n]*\n\s*\/deploy\/packages\/db/);
  });

  it('runs each image from bare Node as a non-root user, with no source, tsx, devDependency or pnpm', () => {
    const runtime = stage('runtime');
    expect(runtime).toMatch(/^node:24-bookworm-slim AS runtime\n/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/--enable-source-maps/);
    for (const name of ['runtime', 'migrate', 'service', 'gateway']) {
      const image = stage(name);
      expect(image, name).not.toMatch(/\btsx\b|\bpnpm\b|^USER (?!node)|^RUN /m);
      // Only deployed folders and the web builds come in: never the workspace (sources, every devDependency).
      for (const [, from, path] of image.matchAll(/^COPY (?:--from=(\S+) )?(\S+)/gm)) {
        expect(from, `${name}: COPY ${path}`).toBe('build');
        expect(path, name).toMatch(/^\/deploy\/|^\/app\/web-(public|admin)\/dist$/);
      }
    }
  });

  it.each(apps)('calls %s healthy only when its /healthz answers', (name) => {
    const test = service(name).healthcheck?.test ?? [];
    expect(test[0]).toBe('CMD');
    expect(test.join(' ')).toContain(`http://127.0.0.1:${appPorts[name]}/healthz`);
  });

  it.each(apps)('gives %s the settings it needs, each one its config.ts knows', (name) => {
    const given = Object.keys(env(name));
    expect(given).toEqual(expect.arrayContaining(requiredEnv[name] ?? []));
    const known = configKeys(name);
    for (const key of given) expect(known, `${name}: ${key} is not read by its config.ts`).toContain(key);
  });

  it('points every setting at the compose services', () => {
    for (const name of apps) {
      const e = env(name);
      if (e.KAFKA_BROKERS !== undefined) expect(resolved(e.KAFKA_BROKERS), name).toBe('kafka:9092');
      if (e.REDIS_URL !== undefined) expect(e.REDIS_URL, name).toBe('redis://redis:6379');
      if (e.SMTP_URL !== undefined) expect(e.SMTP_URL, name).toBe('smtp://mailpit:1025');
      if (e.DATABASE_URL !== undefined) {
        const url = new URL(resolved(e.DATABASE_URL));
        expect(url.hostname, name).toBe('postgres');
        expect(url.pathname, name).toBe('/bodymetrics');
        expect(decodeURIComponent(url.password), name).toBe(resolved(env('postgres').POSTGRES_PASSWORD));
      }
      if (e.PUBLIC_BASE_URL !== undefined)
        expect(resolved(e.PUBLIC_BASE_URL), name).toBe('http://127.0.0.1:8080');
      if (e.ANALYTICS_TZ !== undefined) expect(resolved(e.ANALYTICS_TZ), name).toBe('Europe/Bucharest');
    }
    expect(env('live').PRESENCE).toBe('redis');
    expect(resolved(env('migrate').DATABASE_URL)).toBe(resolved(env('offers').DATABASE_URL));
    const gateway = env('gateway');
    expect(gateway).toMatchObject({
      TRACKING_URL: 'http://tracking:8081',
      OFFERS_URL: 'http://offers:8082',
      REPORTS_URL: 'http://reports:8083',
      ADMIN_AUTH_URL: 'http://admin-auth:8084',
      ANALYTICS_URL: 'http://analytics:8085',
      LIVE_URL: 'http://live:8086',
    });
  });

  it('publishes only the gateway on :8080 (and Mailpit’s UI on loopback)', () => {
    expect(service('gateway').ports).toEqual(['8080:8080']);
    for (const name of [
      ...apps.filter((a) => a !== 'gateway'),
      'postgres',
      'kafka',
      'kafka-2',
      'kafka-3',
      'redis',
      'migrate',
    ])
      expect(service(name).ports, name).toBeUndefined();
    expect(service('mailpit').ports).toEqual(['127.0.0.1:8025:8025']);
  });

  it('migrates once before any service starts, and starts the gateway after every service is healthy', () => {
    const migrate = service('migrate');
    expect(migrate.build?.target).toBe('migrate');
    expect(migrate.restart).toBe('no');
    expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    const job = stage('migrate');
    expect(job).toMatch(/^runtime AS migrate\n/);
    expect(job).toContain('COPY --from=build /deploy/packages/db /app/packages/db\n');
    expect(job).toMatch(/^WORKDIR \/app\/packages\/db$/m);
    expect(job).toMatch(/^CMD \[.*node dist\/migrate\.js && node dist\/seed\.js/m);
    for (const name of apps)
      expect(service(name).depends_on?.migrate, name).toEqual({
        condition: 'service_completed_successfully',
      });
    for (const upstream of ['tracking', 'offers', 'reports', 'admin-auth', 'analytics', 'live'])
      expect(service('gateway').depends_on?.[upstream], upstream).toEqual({ condition: 'service_healthy' });
    for (const name of ['tracking', 'aggregator'])
      expect(service(name).depends_on?.kafka, name).toEqual({ condition: 'service_healthy' });
    for (const name of ['live', 'aggregator', 'admin-auth'])
      expect(service(name).depends_on?.redis, name).toEqual({ condition: 'service_healthy' });
    for (const name of ['reports', 'admin-auth'])
      expect(service(name).depends_on?.mailpit, name).toEqual({ condition: 'service_healthy' });
  });

  it('lets tracking scale: no fixed container name or host port anywhere it would clash', () => {
    for (const [name, svc] of Object.entries(compose.services))
      expect(svc.container_name, name).toBeUndefined();
    expect(service('tracking').ports).toBeUndefined();
  });

  it('keeps installed and built output, local data and the toolchain out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    expect(ignored).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', 'var', '.tools', '.git', 'infra/local/.state']),
    );
  });
});

describe('docker-compose.yml with infra/docker/kafka-cluster.env (profile kafka-cluster)', () => {
  const vars = envFile('infra/docker/kafka-cluster.env');
  const nodes = ['kafka', 'kafka-2', 'kafka-3'];
  const nodeEnv = (name: string) =>
    Object.fromEntries(Object.entries(env(name)).map(([key, value]) => [key, resolved(value, vars)]));

  it('switches the profile on, and the profile holds the two other brokers only', () => {
    expect(vars.COMPOSE_PROFILES).toBe('kafka-cluster');
    const inProfile = Object.entries(compose.services)
      .filter(([, svc]) => svc.profiles?.includes('kafka-cluster'))
      .map(([name]) => name);
    expect(inProfile.sort()).toEqual(['kafka-2', 'kafka-3']);
  });

  it('makes three KRaft nodes of one cluster, each a voter of the same quorum, advertised by its own name', () => {
    const voters = nodes.map((name, i) => `${i + 1}@${name}:9093`).join(',');
    nodes.forEach((name, i) => {
      const e = nodeEnv(name);
      expect(service(name).image, name).toBe('apache/kafka:3.9.1');
      expect(e, name).toMatchObject({
        CLUSTER_ID: String(env('kafka').CLUSTER_ID),
        KAFKA_NODE_ID: String(i + 1),
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_CONTROLLER_QUORUM_VOTERS: voters,
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${name}:9092`,
        KAFKA_HEAP_OPTS: '-Xms256m -Xmx512m',
      });
      expect(service(name).healthcheck?.test.join(' '), name).toContain('--bootstrap-server localhost:9092');
    });
  });

  it('keeps three replicas of every partition (internal topics too), two needed for a write, no unclean election', () => {
    for (const name of nodes)
      expect(nodeEnv(name), name).toMatchObject({
        KAFKA_DEFAULT_REPLICATION_FACTOR: '3',
        KAFKA_MIN_INSYNC_REPLICAS: '2',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '3',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '3',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '2',
        KAFKA_UNCLEAN_LEADER_ELECTION_ENABLE: 'false',
      });
  });

  it('points every service that talks to Kafka at all three brokers', () => {
    const talking = apps.filter((name) => env(name).KAFKA_BROKERS !== undefined);
    expect(talking.sort()).toEqual(['aggregator', 'reports', 'tracking']);
    for (const name of talking)
      expect(resolved(env(name).KAFKA_BROKERS, vars), name).toBe('kafka:9092,kafka-2:9092,kafka-3:9092');
  });
});

/** How compose starts a service after what it needs: the database once migrated, the rest once healthy. */
const composeDependencyOf: Record<Need, [string, { condition: string }] | undefined> = {
  postgres: ['migrate', { condition: 'service_completed_successfully' }],
  kafka: ['kafka', { condition: 'service_healthy' }],
  redis: ['redis', { condition: 'service_healthy' }],
  smtp: ['mailpit', { condition: 'service_healthy' }],
  'public-base-url': undefined,
  'time-zone': undefined,
};

// The manifest (services/system/src/manifest.ts) is what run-distributed, the e2e harness and the bench
// start processes from; compose must describe the same processes.
describe('docker-compose.yml and the service manifest', () => {
  it('name the same services, on the same ports (design §5)', () => {
    expect(Object.fromEntries(services.map((s) => [s.name, s.port]))).toEqual(appPorts);
    for (const s of services) expect(String(env(s.name).PORT), s.name).toBe(String(s.port));
  });

  it.each(services.map((s) => [s.name, s] as const))(
    'checks %s healthy on the manifest’s health path',
    (name, s) => {
      expect(service(name).healthcheck?.test.join(' ')).toContain(
        `http://127.0.0.1:${s.port}${s.healthPath}`,
      );
    },
  );

  it.each(services.map((s) => [s.name, s] as const))(
    'points %s at everything the manifest says it needs or may use, after those have started',
    (name, s) => {
      const known = configKeys(name);
      for (const need of [...s.needs, ...s.mayUse]) {
        const setting = settingOfNeed[need];
        expect(known, `${name}: ${setting} is not read by its config.ts`).toContain(setting);
        expect(Object.keys(env(name)), `${name} needs ${need}`).toContain(setting);
        const dependency = composeDependencyOf[need];
        if (dependency)
          expect(service(name).depends_on?.[dependency[0]], `${name} → ${need}`).toEqual(dependency[1]);
      }
    },
  );

  it('gives the gateway each upstream’s address in the setting the manifest names, once it is healthy', () => {
    const upstreams = services.filter((s) => s.upstreamUrlSetting);
    expect(upstreams.map((s) => s.name).sort()).toEqual(
      apps.filter((a) => a !== 'gateway' && a !== 'aggregator').sort(),
    );
    for (const s of upstreams) {
      expect(env('gateway')[s.upstreamUrlSetting as string], s.name).toBe(`http://${s.name}:${s.port}`);
      expect(service('gateway').depends_on?.[s.name], s.name).toEqual({ condition: 'service_healthy' });
    }
  });

  it('lets every service the manifest scales scale: no host port, no fixed container name', () => {
    const scaling = services.filter((s) => s.scales);
    expect(scaling.map((s) => s.name)).toEqual(['tracking', 'aggregator']);
    for (const s of scaling) {
      expect(service(s.name).ports, s.name).toBeUndefined();
      expect(service(s.name).container_name, s.name).toBeUndefined();
    }
  });
});
