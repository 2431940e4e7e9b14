// Test fixtures for the gateway: small HTTP services listening on ephemeral ports that answer with what
// they received (stub upstreams, not mocks of a database), an address where nothing listens, and build
// folders for the SPA hosting.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { seedContent, type Db } from '@bodymetrics/db';
import { buildApp as buildOffersApp } from '@bodymetrics/offers';
import { closedPort } from '@bodymetrics/testing';
import { buildGateway, type Gateway } from './app';
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
