// The service manifest: every process of the distributed mode (design §1) once — its name, its port of
// design §5, where it answers health and readiness, the file that starts it, what it must be pointed at,
// and whether it scales. Whatever starts the processes reads this list: `npm run start:distributed`
// (infra/local/run-distributed.ts), the e2e harness (e2e/src/distributed-system.ts) and the benchmarks
// (bench/lib/service-process.ts); infra/docker/compose.test.ts checks docker-compose.yml against it.
// Pure data: importing it loads no service.

/** In start order: the gateway last, in front of the others. */
export const serviceNames = [
  'tracking',
  'offers',
  'reports',
  'admin-auth',
  'analytics',
  'live',
  'aggregator',
  'gateway',
] as const;
export type ServiceName = (typeof serviceNames)[number];

/**
 * What a process is pointed at. Each place that starts processes turns a need into settings of its own
 * (a test adds its topic prefix to `kafka`, its key prefix to `redis`); `settingOfNeed` names the one
 * setting every deployment gives for it.
 */
export type Need = 'postgres' | 'kafka' | 'redis' | 'smtp' | 'public-base-url' | 'time-zone';

export const settingOfNeed = {
  postgres: 'DATABASE_URL',
  kafka: 'KAFKA_BROKERS',
  redis: 'REDIS_URL',
  smtp: 'SMTP_URL',
  'public-base-url': 'PUBLIC_BASE_URL',
  'time-zone': 'ANALYTICS_TZ',
} as const satisfies Record<Need, string>;

/** The gateway's setting that names each upstream's address (services/gateway/src/config.ts). */
export type UpstreamUrlSetting =
  'TRACKING_URL' | 'OFFERS_URL' | 'REPORTS_URL' | 'ADMIN_AUTH_URL' | 'ANALYTICS_URL' | 'LIVE_URL';

/** What every process answers: /healthz while it runs, /readyz once what it depends on answers too. */
export interface ProcessEndpoints {
  port: number;
  healthPath: '/healthz';
  readyPath: '/readyz';
  /** The workspace package, from the repository root. */
  packageDir: string;
  /** The file that starts the process, from the repository root. */
  entry: string;
}

export interface ServiceManifest extends ProcessEndpoints {
  name: ServiceName;
  /** Without these it does not work. */
  needs: readonly Need[];
  /** It works without these (in its own memory); given them, its instances share state. */
  mayUse: readonly Need[];
  /** Set on the gateway's upstreams: the gateway setting that holds its address (or addresses). */
  upstreamUrlSetting?: UpstreamUrlSetting;
  /**
   * Several instances (`TRACKING_REPLICAS` / `AGGREGATOR_REPLICAS`, `docker compose up --scale`): behind the
   * gateway (tracking), or sharing the topics' partitions in one consumer group (the aggregator; each
   * partition goes to one of them, so more instances than partitions leave some idle).
   */
  scales: boolean;
  /** A scaling service's second and later instances on one machine: this port, then the next ones. */
  firstExtraReplicaPort?: number;
}

const endpoints = (name: string, port: number): ProcessEndpoints => ({
  port,
  healthPath: '/healthz',
  readyPath: '/readyz',
  packageDir: `services/${name}`,
  entry: `services/${name}/src/main.ts`,
});

export const serviceManifest: { readonly [N in ServiceName]: ServiceManifest & { name: N } } = {
  gateway: {
    name: 'gateway',
    ...endpoints('gateway', 8080),
    needs: ['public-base-url'],
    // The tracking rate limit's counters, shared by every gateway instance.
    mayUse: ['redis'],
    scales: false,
  },
  tracking: {
    name: 'tracking',
    ...endpoints('tracking', 8081),
    // Postgres read only (the active offers); Redis holds the day's visitor salt every replica shares.
    needs: ['kafka', 'postgres', 'redis', 'time-zone'],
    mayUse: [],
    upstreamUrlSetting: 'TRACKING_URL',
    scales: true,
    firstExtraReplicaPort: 8091,
  },
  offers: {
    name: 'offers',
    ...endpoints('offers', 8082),
    // The time zone: the day a postback's conversion counts on.
    needs: ['postgres', 'time-zone'],
    mayUse: [],
    upstreamUrlSetting: 'OFFERS_URL',
    scales: false,
  },
  reports: {
    name: 'reports',
    ...endpoints('reports', 8083),
    // Kafka and Redis: the funnel's report steps, counted for the visitor key tracking gave.
    needs: ['postgres', 'kafka', 'redis', 'smtp', 'public-base-url', 'time-zone'],
    mayUse: [],
    upstreamUrlSetting: 'REPORTS_URL',
    scales: false,
  },
  'admin-auth': {
    name: 'admin-auth',
    ...endpoints('admin-auth', 8084),
    needs: ['postgres', 'redis', 'smtp', 'public-base-url'],
    mayUse: [],
    upstreamUrlSetting: 'ADMIN_AUTH_URL',
    scales: false,
  },
  analytics: {
    name: 'analytics',
    ...endpoints('analytics', 8085),
    // SMTP: the weekly digest (its scheduler runs here, beside the figures).
    needs: ['postgres', 'time-zone', 'smtp'],
    mayUse: [],
    upstreamUrlSetting: 'ANALYTICS_URL',
    scales: false,
  },
  live: {
    name: 'live',
    ...endpoints('live', 8086),
    needs: ['postgres', 'redis'],
    mayUse: [],
    upstreamUrlSetting: 'LIVE_URL',
    scales: false,
  },
  aggregator: {
    name: 'aggregator',
    ...endpoints('aggregator', 8087),
    needs: ['postgres', 'kafka', 'redis', 'time-zone'],
    mayUse: [],
    // One consumer group: the instances share the topics' partitions (KAFKA_PARTITIONS, 6 by default).
    scales: true,
    // After the tracking replicas' 8091–8110 (TRACKING_REPLICAS is at most 20).
    firstExtraReplicaPort: 8111,
  },
};

/** Every service, in start order. */
export const services: readonly ServiceManifest[] = serviceNames.map((name) => serviceManifest[name]);

export interface EmbeddedProcessEndpoints extends ProcessEndpoints {
  /**
   * What `npm start` runs: the package's build (`build` script: one bundle with the PGlite thread beside it,
   * no TypeScript loader in the process), from the repository root.
   */
  built: string;
  /** The Node settings it runs under (V8 heap sizes, glibc malloc), a dotenv file from the repository root. */
  nodeEnv: string;
}

/** The embedded mode's one process (`npm start`): the gateway's port, health and readiness. */
export const embeddedProcess: EmbeddedProcessEndpoints = {
  ...endpoints('embedded', serviceManifest.gateway.port),
  built: 'services/embedded/dist/main.js',
  nodeEnv: 'services/embedded/node.env',
};

/** The ports of tracking's second and later instances on one machine: 8091, 8092, … */
export const firstExtraReplicaPort = 8091;
/** The port of a service's instance number `replica` (0: its own port; then its firstExtraReplicaPort, …). */
export const replicaPort = (service: ServiceManifest, replica: number): number =>
  replica === 0 ? service.port : (service.firstExtraReplicaPort ?? firstExtraReplicaPort) + replica - 1;

/** The settings a process is started with for its needs (and, with `mayUse`, what it may share). */
export function settingsForNeeds(
  service: ServiceManifest,
  settingsOf: { readonly [N in Need]?: Record<string, string> },
  { mayUse = false }: { mayUse?: boolean } = {},
): Record<string, string> {
  const wanted = [...service.needs, ...(mayUse ? service.mayUse : [])];
  return Object.assign(
    {},
    ...wanted.map((need) => {
      const settings = settingsOf[need];
      if (!settings) throw new Error(`${service.name} needs ${need}, and no settings were given for it`);
      return settings;
    }),
  ) as Record<string, string>;
}

/** The gateway's upstream settings, each service's address from `urlOf`. */
export function upstreamUrlSettings(
  urlOf: (service: ServiceManifest) => string,
): Record<UpstreamUrlSetting, string> {
  return Object.fromEntries(
    services.flatMap((s) => (s.upstreamUrlSetting ? [[s.upstreamUrlSetting, urlOf(s)]] : [])),
  ) as Record<UpstreamUrlSetting, string>;
}
