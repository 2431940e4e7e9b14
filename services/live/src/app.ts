// The live service: `/analytics-ws`, visitors' heartbeats and page changes in, the live list and
// "analytics changed" out to admin sockets only (design.md §1). Presence lives in Redis in distributed
// mode (several instances agree through it) and in memory in embedded mode; everything above the two
// adapters is the same code.
import websocket from '@fastify/websocket';
import type { FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import {
  analyticsChangedNotice,
  defaultActiveWindowMs,
  liveListLimit,
  liveMaxMessageBytes,
  readNotice,
  type AdminSessionsRevoked,
  type AnalyticsChangedNotice,
} from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { createServiceApp, gaugeOf } from '@bodymetrics/service-kit';
import { LiveHub, type OpenSockets } from './live-hub';
import { MemoryPresenceStore } from './presence/memory-presence';
import { defaultPresenceLimits, type PresenceLimits, type PresenceStore } from './presence/presence-store';
import { RedisPresenceStore } from './presence/redis-presence';
import type { RateLimit } from './rate-limiter';
import { createRedisClients, type RedisClients } from './redis-clients';
import { analyticsWsRoute } from './routes/analytics-ws';
import type { LiveSignals } from './signals/live-signals';
import { MemorySignals } from './signals/memory-signals';
import { RedisSignals } from './signals/redis-signals';

export interface LiveDeps {
  /** For admin sessions only (the live service never writes to Postgres). */
  db: Db;
  presence: 'redis' | 'memory';
  /** Required with presence 'redis'; the app opens and closes its own connections. */
  redisUrl?: string;
  /** Prefix of every Redis key and channel (tests use one per file). */
  keyPrefix?: string;
  /** Active while heard from within this long: two activity heartbeats. */
  activeWindowMs?: number;
  /** How often expiries are detected — and the live list refreshed for admins while visitors are on. */
  sweepIntervalMs?: number;
  /** WebSocket ping interval; a socket that misses one ping is dropped. */
  heartbeatMs?: number;
  /** How often open admin sockets have their session checked again (logout, expiry). */
  sessionRecheckMs?: number;
  /** How long a `?role=admin` socket without a session cookie has to send `auth`. */
  authTimeoutMs?: number;
  broadcastThrottleMs?: number;
  analyticsThrottleMs?: number;
  maxSocketsPerIp?: number;
  /** Active visitors one client network (IPv4 /24, IPv6 /64) may put on the live list (default 20). */
  presenceMaxPerNetwork?: number;
  /** Active visitors the live list holds at most (default 100 000). */
  presenceMaxTotal?: number;
  rateLimit?: RateLimit;
  logger?: FastifyServerOptions['logger'];
}

export interface LiveControls {
  /** Open sockets by role, for metrics. */
  openSockets(): OpenSockets;
  /**
   * The embedded mode's aggregator calls this after each applied batch (the distributed one publishes on
   * Redis); the notice is parsed by its contract here as it is when it comes from Redis.
   */
  announceAnalyticsChanged(notice: AnalyticsChangedNotice): Promise<void>;
  /** The embedded mode's admin-auth calls this when sessions end (the distributed one publishes on Redis). */
  announceSessionsRevoked(revoked: AdminSessionsRevoked): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveControls;
  }
}

export function buildApp(deps: LiveDeps) {
  const activeWindowMs = deps.activeWindowMs ?? defaultActiveWindowMs;
  const sweepIntervalMs = deps.sweepIntervalMs ?? 5_000;
  const keyPrefix = deps.keyPrefix ?? '';
  const presenceLimits: PresenceLimits = {
    maxPerNetwork: deps.presenceMaxPerNetwork ?? defaultPresenceLimits.maxPerNetwork,
    maxTotal: deps.presenceMaxTotal ?? defaultPresenceLimits.maxTotal,
  };

  let redis: RedisClients | undefined;
  const app = createServiceApp({
    name: 'live',
    logger: deps.logger,
    readiness: {
      postgres: () => sql`select 1`.execute(deps.db),
      ...(deps.presence === 'redis'
        ? {
            redis: async () => {
              if (!redis?.isUp()) throw new Error('down');
              await redis.command.ping();
            },
          }
        : {}),
    },
  });

  let presence: PresenceStore;
  let signals: LiveSignals;
  if (deps.presence === 'redis') {
    if (!deps.redisUrl) throw new Error('live: presence "redis" needs redisUrl');
    redis = createRedisClients(deps.redisUrl, app.log);
    presence = new RedisPresenceStore(redis.command, { keyPrefix, activeWindowMs, limits: presenceLimits });
    signals = new RedisSignals(
      redis.command,
      redis.subscriber,
      keyPrefix,
      (err) => app.log.warn({ err }, 'redis subscribe failed'),
      (channel, reason) => app.log.warn({ channel, reason }, 'invalid notice dropped'),
    );
  } else {
    presence = new MemoryPresenceStore(activeWindowMs, presenceLimits);
    signals = new MemorySignals();
  }
  const isPresenceUp = () => (redis ? redis.isUp() : true);

  const hub = new LiveHub({
    db: deps.db,
    presence,
    signals,
    log: app.log,
    listLimit: liveListLimit,
    updateIntervalMs: sweepIntervalMs,
    broadcastThrottleMs: deps.broadcastThrottleMs ?? 250,
    analyticsThrottleMs: deps.analyticsThrottleMs ?? 1_000,
    isPresenceUp,
  });
  redis?.onStateChange((up) => hub.presenceAvailabilityChanged(up));

  // /metrics: the sockets open on this instance, by role, counted at scrape time.
  gaugeOf(app, {
    name: 'live_open_sockets',
    help: 'WebSockets open on this live instance, by role (pending: asked to be admin, auth not settled)',
    labelNames: ['role'] as const,
    collect() {
      for (const [role, n] of Object.entries(hub.openSockets())) this.set({ role }, n);
    },
  });

  app.decorate('live', {
    openSockets: () => hub.openSockets(),
    announceAnalyticsChanged: async (notice) => {
      const read = readNotice(analyticsChangedNotice, notice);
      if (!read.ok) throw new Error(`invalid analytics-changed notice: ${read.reason}`);
      await signals.announceAnalyticsChanged(read.notice);
    },
    announceSessionsRevoked: (revoked) => signals.announceSessionsRevoked(revoked),
  } satisfies LiveControls);

  void app.register(websocket, {
    options: { maxPayload: liveMaxMessageBytes },
    // Errors of an established socket (a client vanishing, an oversized frame — ws has already sent
    // its 1009 close) are a client's doing: note them, and only cut a socket that is still open.
    errorHandler: (err, socket, request) => {
      request.log.debug({ err }, 'live socket error');
      if (socket.readyState === socket.OPEN) socket.terminate();
    },
  });
  void app.register(async (scope) => {
    analyticsWsRoute(scope, {
      db: deps.db,
      hub,
      presence,
      isPresenceUp,
      authTimeoutMs: deps.authTimeoutMs ?? 5_000,
      maxSocketsPerIp: deps.maxSocketsPerIp ?? 20,
      rateLimit: deps.rateLimit ?? { messages: 20, windowMs: 10_000 },
    });
  });

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, work: () => Promise<void> | void, what: string) => {
    let busy = false;
    timers.push(
      setInterval(() => {
        if (busy) return;
        busy = true;
        Promise.resolve()
          .then(work)
          .catch((err: unknown) => app.log.warn({ err }, `live ${what} failed`))
          .finally(() => (busy = false));
      }, ms),
    );
  };

  app.addHook('onReady', async () => {
    // Give Redis a moment at start so the first visitors are not dropped; if it is away, start anyway
    // (readiness says so) and recover when it comes back.
    if (redis && !(await redis.waitUntilUp(3_000))) app.log.warn('starting while redis is down');
    every(sweepIntervalMs, () => hub.sweep(), 'sweep');
    every(deps.sessionRecheckMs ?? 60_000, () => hub.recheckAdminSessions(), 'admin session re-check');
    every(deps.heartbeatMs ?? 30_000, () => hub.pingAll(), 'ping');
  });

  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
    hub.stop();
    await signals.close();
    await redis?.close();
  });

  return app;
}
