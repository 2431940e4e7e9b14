// Test fixtures for the gateway: small HTTP services listening on ephemeral ports that answer with what
// they received (stub upstreams, not mocks of a database), an address where nothing listens, build
// folders for the SPA hosting, and the gateway in front of the real services (the offers alone, or the
// whole tracking → Kafka → aggregator → Postgres → analytics path) for the integration tests.
import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { expect } from 'vitest';
import { startAggregator, type Aggregator } from '@bodymetrics/aggregator';
import { buildApp as buildAnalyticsApp } from '@bodymetrics/analytics';
import { seedContent, type Db } from '@bodymetrics/db';
import { buildApp as buildOffersApp, type PostbackSettings } from '@bodymetrics/offers';
import { defaultPostbackMaxConversionsPerClick, defaultPostbackMaxPayout } from '@bodymetrics/service-kit';
import { closedPort, eventually, type TestBus } from '@bodymetrics/testing';
import { buildApp as buildTrackingApp } from '@bodymetrics/tracking';
import { buildGateway, type Gateway, type GatewayOptions, type InProcessServices } from './app';
import type { UpstreamName, Upstreams } from './route-table';

export interface EchoedRequest {
  upstream: string;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received, as text. */
  body: string;
}

function echoOf(name: string) {
  return (request: FastifyRequest): EchoedRequest => ({
    upstream: name,
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '',
  });
}

/** An HTTP service that answers every request with an EchoedRequest, and /analytics-ws sockets with an echo. */
export async function startEchoUpstream(name: string): Promise<{ url: string; app: FastifyInstance }> {
  const app = Fastify();
  const echo = echoOf(name);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  await app.register(websocket);
  app.route({
    method: 'GET',
    url: '/analytics-ws',
    handler: (request, reply) => reply.header('x-upstream', name).send(echo(request)),
    wsHandler: (socket, request) => {
      socket.send(
        JSON.stringify({ type: 'hello', upstream: name, url: request.url, headers: request.headers }),
      );
      socket.on('message', (data: Buffer) =>
        socket.send(JSON.stringify({ type: 'echo', data: data.toString() })),
      );
    },
  });
  app.all('/*', async (request, reply) => reply.header('x-upstream', name).send(echo(request)));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, app };
}

/** One echo service per upstream name, so a test can see which service a path was routed to. */
export async function startEchoUpstreams(): Promise<{ upstreams: Upstreams; close(): Promise<void> }> {
  const names: UpstreamName[] = ['tracking', 'offers', 'reports', 'adminAuth', 'analytics', 'live'];
  const started = await Promise.all(
    names.map(async (name) => [name, await startEchoUpstream(name)] as const),
  );
  return {
    upstreams: Object.fromEntries(started.map(([name, s]) => [name, s.url])) as Upstreams,
    close: async () => {
      await Promise.all(started.map(([, s]) => s.app.close()));
    },
  };
}

/** The echoes' upstreams but those of the services served in-process (a service is served one way). */
export const proxiedBut = (upstreams: Upstreams, inProcess: InProcessServices): Partial<Upstreams> =>
  Object.fromEntries(Object.entries(upstreams).filter(([name]) => !(name in inProcess)));

/**
 * A gateway that serves `inProcess` itself (in-process-service.ts), with echo upstreams for every other
 * service and no builds. `close` closes the gateway, then the echoes.
 */
export async function startInProcessGateway(
  options: Pick<GatewayOptions, 'rateLimit' | 'publicBaseUrl'> & { inProcess: InProcessServices },
): Promise<{ gateway: Gateway; close(): Promise<void> }> {
  const echoes = await startEchoUpstreams();
  const gateway = await buildGateway({
    ...options,
    upstreams: proxiedBut(echoes.upstreams, options.inProcess),
    publicDir: '/nonexistent',
    adminDir: '/nonexistent',
  });
  return {
    gateway,
    close: async () => {
      await gateway.close();
      await echoes.close();
    },
  };
}

/** The URL of a port nothing listens on: a service that is down. */
export const unusedUrl = async (): Promise<string> => `http://127.0.0.1:${await closedPort()}`;

export interface BuiltApps {
  publicDir: string;
  adminDir: string;
  missingDir: string;
  remove(): Promise<void>;
}

/** Two small "builds" like Vite's: index.html plus a hashed asset. */
export async function createBuiltApps(): Promise<BuiltApps> {
  const root = await mkdtemp(join(tmpdir(), 'bm-gateway-'));
  const publicDir = join(root, 'web-public');
  const adminDir = join(root, 'web-admin');
  await mkdir(join(publicDir, 'assets'), { recursive: true });
  await mkdir(join(adminDir, 'assets'), { recursive: true });
  await writeFile(
    join(publicDir, 'index.html'),
    '<!doctype html><title>BodyMetrics</title><div id="root"></div>',
  );
  await writeFile(join(publicDir, 'assets', 'x.js'), 'console.log("public app");');
  await writeFile(join(publicDir, 'robots.txt'), 'User-agent: *\nDisallow: /admin\n');
  await writeFile(join(publicDir, '.env'), 'SECRET=1');
  await writeFile(
    join(adminDir, 'index.html'),
    '<!doctype html><title>BodyMetrics Admin</title><div id="admin"></div>',
  );
  await writeFile(join(adminDir, 'assets', 'admin-1a2b.js'), 'console.log("admin app");');
  return {
    publicDir,
    adminDir,
    missingDir: join(root, 'not-built'),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

export interface GatewayOnOffers {
  gateway: Gateway;
  offers: ReturnType<typeof buildOffersApp>;
  builds: BuiltApps;
  close(): Promise<void>;
}

/**
 * The gateway in front of the REAL offers service on `db` (its content seeded here), every other upstream
 * down, serving two small builds: what a browser gets from the site when only the offers are up.
 */
export async function startGatewayOnOffers(
  db: Db,
  loggers: {
    gateway?: Parameters<typeof buildGateway>[0]['logger'];
    offers?: Parameters<typeof buildOffersApp>[0]['logger'];
  } = {},
): Promise<GatewayOnOffers> {
  await seedContent(db);
  const offers = buildOffersApp({ db, ...(loggers.offers ? { logger: loggers.offers } : {}) });
  const offersUrl = await offers.listen({ host: '127.0.0.1', port: 0 });
  const down = await unusedUrl();
  const builds = await createBuiltApps();
  const gateway = await buildGateway({
    upstreams: {
      tracking: down,
      offers: offersUrl,
      reports: down,
      adminAuth: down,
      analytics: down,
      live: down,
    },
    publicDir: builds.publicDir,
    adminDir: builds.adminDir,
    ...(loggers.gateway ? { logger: loggers.gateway } : {}),
  });
  return {
    gateway,
    offers,
    builds,
    async close() {
      await gateway.close();
      await offers.close();
      await builds.remove();
    },
  };
}

/** A service app as each service's buildApp returns it: it listens, and it closes. */
interface ServiceApp {
  listen(options: { host: string; port: number }): Promise<string>;
  close(): Promise<unknown>;
}

/**
 * An admin with a live session (an hour), as the login would leave them: the session id is the bearer
 * the dashboard sends. Opted out of the weekly digest unless said.
 */
export async function seedAdmin(db: Db, name: string, { optedIn = false, active = true } = {}) {
  const admin = await db
    .insertInto('admin_users')
    .values({
      username: name,
      email: `${name}@example.test`,
      password_hash: 'unused-here',
      is_active: active,
      weekly_digest: optedIn,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = randomBytes(32).toString('base64url');
  await db
    .insertInto('admin_sessions')
    .values({ session_id: session, admin_id: admin.id, expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return { id: admin.id, email: `${name}@example.test`, session };
}

export interface GatewayOverServices {
  /** The gateway's address, where the browser and the operator call. */
  base: string;
  /** Closes the gateway, then the services it fronts. */
  close(): Promise<void>;
}

/**
 * The gateway in front of the REAL services given (each started listening here and closed with it), every
 * other upstream down; a tracking budget no test reaches unless it sets its own.
 */
export async function startGatewayOver(
  services: Partial<Record<UpstreamName, ServiceApp>>,
  options: Omit<GatewayOptions, 'upstreams'> = {},
): Promise<GatewayOverServices> {
  const started: ServiceApp[] = [];
  const closeStarted = async () => {
    for (const app of started.splice(0)) await app.close();
  };
  try {
    const down = await unusedUrl();
    const upstreams: Upstreams = {
      tracking: down,
      offers: down,
      reports: down,
      adminAuth: down,
      analytics: down,
      live: down,
    };
    for (const [name, app] of Object.entries(services) as [UpstreamName, ServiceApp][]) {
      started.push(app);
      upstreams[name] = await app.listen({ host: '127.0.0.1', port: 0 });
    }
    const gateway = await buildGateway({
      upstreams,
      rateLimit: { max: 10_000, timeWindowMs: 60_000 },
      ...options,
    });
    try {
      const base = await gateway.listen({ host: '127.0.0.1', port: 0 });
      return {
        base,
        async close() {
          await gateway.close();
          await closeStarted();
        },
      };
    } catch (error) {
      await gateway.close();
      throw error;
    }
  } catch (error) {
    // Half started (a port, a listen): nothing is left running behind a failed set-up.
    await closeStarted();
    throw error;
  }
}

/**
 * The body of a page view as the site's page sends it — desktop Chrome on Windows, arrived direct — for the
 * visitor (and its tab session, `session-<visitorId>`) on the site's page `page` (a path, or a query such as
 * `?utm_campaign=x`).
 */
export const pageViewBody = (visitorId: string, page = '') => ({
  visitorId,
  sessionId: `session-${visitorId}`,
  pageUrl: `https://bodymetrics.example/${page.replace(/^\//, '')}`,
  referrer: null,
  deviceType: 'desktop',
  browserName: 'Chrome',
  operatingSystem: 'Windows',
  screenResolution: '1920x1080',
  language: 'ro-RO',
  timeZone: 'Europe/Bucharest',
  isReturningVisitor: 0,
  trafficSource: { source: 'direct', medium: 'none' },
});

/** One tracking call as a visitor's browser on the site makes it, through the gateway. */
export interface TrackingCall {
  path: string;
  body: unknown;
  /** The browser's User-Agent. */
  ua: string;
  /** The visitor's address, as the load balancer in front of the gateway forwards it. */
  ip: string;
  /** Headers to add or override (another site's Fetch Metadata, say). */
  headers?: Record<string, string>;
}

export interface GatewayPipelineOptions {
  /** The test's database, seeded here with the site's content (offers, legal pages). */
  db: Db;
  /** The test's bus: tracking publishes on it and the aggregator consumes it. */
  bus: TestBus['bus'];
  /** ANALYTICS_TZ of the analytics service and the aggregator (and the postback). */
  timeZone: string;
  /** The aggregator's consumer group: one per test file, so no file applies another's events. */
  groupId: string;
  /** When given, the offers service runs too and takes the networks' postbacks (RON) with this token; otherwise it is down. */
  postbackToken?: string;
  /** POSTBACK_MAX_PAYOUT and POSTBACK_MAX_CONVERSIONS_PER_CLICK of the offers service; unset, its defaults. */
  postbackLimits?: Partial<Pick<PostbackSettings, 'maxPayout' | 'maxConversionsPerClick'>>;
  /** What else the analytics service is built with (REVENUE_CURRENCY…). */
  analytics?: Omit<Parameters<typeof buildAnalyticsApp>[0], 'db' | 'timeZone'>;
}

export interface GatewayPipeline {
  base: string;
  /** The session of an admin ("operator"), for the dashboard's reads. */
  bearer: string;
  aggregator: Aggregator;
  /** Sends one tracking call through the gateway; its answer, whatever it is. */
  post(call: TrackingCall): Promise<Response>;
  /** Sends the calls one after another; each must be accepted (202). */
  send(calls: readonly TrackingCall[]): Promise<void>;
  /** Waits (30 s at most) until the aggregator has applied exactly this many events since it started. */
  applied(events: number): Promise<void>;
  /** A dashboard read with the admin's session: it must answer 200; its JSON. */
  read<T>(path: string): Promise<T>;
  /** Closes the gateway, the services and the aggregator. */
  close(): Promise<void>;
}

/**
 * The whole write-and-read path on real servers: the gateway in front of the real tracking and analytics
 * services (and offers, with a postback token), tracking → Kafka → an aggregator → Postgres, and an admin
 * with a session to read it back; reports, admin-auth and live are down.
 */
export async function startGatewayPipeline(options: GatewayPipelineOptions): Promise<GatewayPipeline> {
  const { db, bus, timeZone, groupId, postbackToken } = options;
  await seedContent(db);
  const front = await startGatewayOver(
    {
      tracking: buildTrackingApp({ bus, ipStorage: 'truncated', db }),
      analytics: buildAnalyticsApp({ db, timeZone, ...options.analytics }),
      ...(postbackToken
        ? {
            offers: buildOffersApp({
              db,
              postback: {
                token: postbackToken,
                currency: 'RON',
                timeZone,
                maxPayout: options.postbackLimits?.maxPayout ?? defaultPostbackMaxPayout,
                maxConversionsPerClick:
                  options.postbackLimits?.maxConversionsPerClick ?? defaultPostbackMaxConversionsPerClick,
              },
            }),
          }
        : {}),
    },
    // As behind one load balancer: the X-Forwarded-For a test sends is the visitor's address.
    { trustProxy: '127.0.0.1' },
  );
  let aggregator: Aggregator | undefined;
  let bearer: string;
  try {
    aggregator = await startAggregator({ db, bus, timeZone, groupId });
    ({ session: bearer } = await seedAdmin(db, 'operator'));
  } catch (error) {
    await front.close();
    await aggregator?.shutdown();
    throw error;
  }
  const running = aggregator;
  const { base } = front;

  const post = ({ path, body, ua, ip, headers = {} }: TrackingCall) =>
    fetch(base + path, {
      method: 'POST',
      // As the site's own page sends it (Chromium's Fetch Metadata): tracking takes our own pages only.
      headers: {
        'user-agent': ua,
        'x-forwarded-for': ip,
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      body: JSON.stringify(body),
    });
  return {
    base,
    bearer,
    aggregator: running,
    post,
    async send(calls) {
      for (const call of calls) {
        const response = await post(call);
        expect(response.status, await response.clone().text()).toBe(202);
      }
    },
    async applied(events) {
      await eventually(async () => expect(running.healthcheck().eventsApplied).toBe(events), {
        timeoutMs: 30_000,
      });
    },
    async read<T>(path: string): Promise<T> {
      const response = await fetch(base + path, { headers: { authorization: `Bearer ${bearer}` } });
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    },
    async close() {
      await front.close();
      await running.shutdown();
    },
  };
}

/**
 * Calls through the gateway at `base()` as the admin app makes them: from the site itself unless `headers`
 * says otherwise, the admin's session (if any) as a bearer token, a JSON body.
 */
export const adminRequests =
  (base: () => string) =>
  (
    method: string,
    path: string,
    {
      session,
      headers = { 'sec-fetch-site': 'same-origin' },
      body,
    }: { session?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) =>
    fetch(base() + path, {
      method,
      headers: {
        ...headers,
        ...(session ? { authorization: `Bearer ${session}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
