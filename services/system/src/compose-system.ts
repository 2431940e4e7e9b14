// The whole product wired once (design §1): every service served in the gateway's process (the gateway
// mounts each one's routes where it would proxy them, behind the same route table, same-origin rule,
// budgets and socket cap as in production), the aggregator and its daily retention job. One process
// listens on one port (and the metrics one when asked for). What differs between the embedded mode and a
// test of the whole system is only the adapters (PGlite or PostgreSQL, the in-process bus or Kafka, memory
// or Redis, .eml files or SMTP) and the settings; the distributed mode runs the same buildApp of each
// service as a process of its own, which the gateway proxies to.
import { createServer } from 'node:net';
import type { Redis } from 'ioredis';
import type { Aggregator } from '@bodymetrics/aggregator';
import type { Bus, ConsumedBatch } from '@bodymetrics/bus';
import type { Db } from '@bodymetrics/db';
import type { Gateway, InProcessServices } from '@bodymetrics/gateway';
import type { Mailer } from '@bodymetrics/mail';
import { cleanups, type Cleanups, type SaltStore } from '@bodymetrics/service-kit';
import { errorText } from './operator-log';
import type { SystemSettings } from './settings';
import { startAggregation, startAlerts, startWeeklyDigest } from './system-jobs';
import { inProcessServices, openGateway, openLive } from './system-services';

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

/** What the steps of composeSystem share (system-services.ts, system-jobs.ts). */
export interface Wiring {
  adapters: SystemAdapters;
  settings: SystemSettings;
  /** Everything opened so far, closed in reverse order if a later step fails (and by close()). */
  opened: Cleanups;
  /** The public address: the services put it in links and accept admin writes only from it. */
  publicBaseUrl: string;
  /** A mailer sending as `from`, closed after the service it was made for. */
  mailer: (from: string) => Mailer;
  /** Where notices to live are published when it runs elsewhere (Redis); undefined: it is in this process. */
  redisNotices: { redis: Redis; keyPrefix: string } | undefined;
}

export async function composeSystem(
  adapters: SystemAdapters,
  settings: SystemSettings,
  listen: ListenOptions,
): Promise<ComposedSystem> {
  const host = listen.host ?? '127.0.0.1';
  const opened = cleanups((err) => adapters.log?.(`system: error while closing: ${errorText(err)}`));

  try {
    // The public address is known before the gateway listens.
    const gatewayPort =
      listen.port === 0 && settings.publicBaseUrl === undefined ? await freePort(host) : listen.port;
    const publicBaseUrl = (settings.publicBaseUrl ?? loopbackUrl(host, gatewayPort)).replace(/\/+$/, '');
    const wiring: Wiring = {
      adapters,
      settings,
      opened,
      publicBaseUrl,
      mailer: (from) => {
        const m = adapters.mailer(from);
        opened.push(() => m.close());
        return m;
      },
      redisNotices:
        adapters.notifiers === 'in-process'
          ? undefined
          : { redis: adapters.notifiers.redis, keyPrefix: settings.redisKeyPrefix },
    };

    const live = openLive(wiring);
    const aggregator = settings.aggregator ? await startAggregation(wiring, live) : undefined;
    // The analytics service's mailer, for its app, its weekly digest and its alerts.
    const analyticsMailer = wiring.mailer(settings.mailFrom.analytics);
    if (settings.weeklyDigest ?? settings.aggregator) startWeeklyDigest(wiring, analyticsMailer);
    if (settings.alerts ?? settings.aggregator) startAlerts(wiring, analyticsMailer);
    const inProcess = inProcessServices(wiring, live, analyticsMailer);

    const gateway = await openGateway(wiring, inProcess);
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
