// What the live service is, whichever app serves its socket: the presence store and the signals (in Redis
// in the distributed mode, so several instances agree through it; in memory in the embedded mode), the hub
// that keeps admin sockets told, and its timers. Live's own app (buildApp) and the gateway's process
// (inProcessLive) both serve /analytics-ws over one of these.
import type { FastifyBaseLogger } from 'fastify';
import {
  analyticsChangedNotice,
  defaultActiveWindowMs,
  liveListLimit,
  readNotice,
  type AdminSessionsRevoked,
  type AnalyticsChangedNotice,
} from '@bodymetrics/contracts';
import type { LiveDeps } from './deps';
import { LiveHub, type OpenSockets } from './live-hub';
import { MemoryPresenceStore } from './presence/memory-presence';
import { defaultPresenceLimits, type PresenceStore } from './presence/presence-store';
import { RedisPresenceStore } from './presence/redis-presence';
import { createRedisClients, type RedisClients } from './redis-clients';
import type { LiveSignals } from './signals/live-signals';
import { MemorySignals } from './signals/memory-signals';
import { RedisSignals } from './signals/redis-signals';

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

export interface Live {
  hub: LiveHub;
  presence: PresenceStore;
  isPresenceUp: () => boolean;
  controls: LiveControls;
  /** Readiness checks of what live holds itself (Redis, when presence is there). */
  readiness: Record<string, () => Promise<unknown>>;
  /** Starts the sweeps, the session re-checks and the pings (once Redis answered, or after 3 s). */
  start(): Promise<void>;
  /** Stops the timers and the hub, and closes the Redis connections. */
  close(): Promise<void>;
}

export const defaultSweepIntervalMs = 5_000;

export function openLive(deps: LiveDeps, log: FastifyBaseLogger): Live {
  const activeWindowMs = deps.activeWindowMs ?? defaultActiveWindowMs;
  const sweepIntervalMs = deps.sweepIntervalMs ?? defaultSweepIntervalMs;
  const keyPrefix = deps.keyPrefix ?? '';
  const limits = {
    maxPerNetwork: deps.presenceMaxPerNetwork ?? defaultPresenceLimits.maxPerNetwork,
    maxTotal: deps.presenceMaxTotal ?? defaultPresenceLimits.maxTotal,
  };

  let redis: RedisClients | undefined;
  let presence: PresenceStore;
  let signals: LiveSignals;
  if (deps.presence === 'redis') {
    if (!deps.redisUrl) throw new Error('live: presence "redis" needs redisUrl');
    redis = createRedisClients(deps.redisUrl, log);
    presence = new RedisPresenceStore(redis.command, { keyPrefix, activeWindowMs, limits });
    signals = new RedisSignals(
      redis.command,
      redis.subscriber,
      keyPrefix,
      (err) => log.warn({ err }, 'redis subscribe failed'),
      (channel, reason) => log.warn({ channel, reason }, 'invalid notice dropped'),
    );
  } else {
    presence = new MemoryPresenceStore(activeWindowMs, limits);
    signals = new MemorySignals();
  }
  const isPresenceUp = () => (redis ? redis.isUp() : true);

  const hub = new LiveHub({
    db: deps.db,
    presence,
    signals,
    log,
    listLimit: liveListLimit,
    updateIntervalMs: sweepIntervalMs,
    broadcastThrottleMs: deps.broadcastThrottleMs ?? 250,
    analyticsThrottleMs: deps.analyticsThrottleMs ?? 1_000,
    isPresenceUp,
  });
  redis?.onStateChange((up) => hub.presenceAvailabilityChanged(up));

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, work: () => Promise<void> | void, what: string) => {
    let busy = false;
    timers.push(
      setInterval(() => {
        if (busy) return;
        busy = true;
        Promise.resolve()
          .then(work)
          .catch((err: unknown) => log.warn({ err }, `live ${what} failed`))
          .finally(() => (busy = false));
      }, ms),
    );
  };

  return {
    hub,
    presence,
    isPresenceUp,
    controls: {
      openSockets: () => hub.openSockets(),
      announceAnalyticsChanged: async (notice) => {
        const read = readNotice(analyticsChangedNotice, notice);
        if (!read.ok) throw new Error(`invalid analytics-changed notice: ${read.reason}`);
        await signals.announceAnalyticsChanged(read.notice);
      },
      announceSessionsRevoked: (revoked) => signals.announceSessionsRevoked(revoked),
    },
    readiness: redis
      ? {
          redis: async () => {
            if (!redis?.isUp()) throw new Error('down');
            await redis.command.ping();
          },
        }
      : {},
    async start() {
      // Give Redis a moment at start so the first visitors are not dropped; if it is away, start anyway
      // (readiness says so) and recover when it comes back.
      if (redis && !(await redis.waitUntilUp(3_000))) log.warn('starting while redis is down');
      every(sweepIntervalMs, () => hub.sweep(), 'sweep');
      every(deps.sessionRecheckMs ?? 60_000, () => hub.recheckAdminSessions(), 'admin session re-check');
      every(deps.heartbeatMs ?? 30_000, () => hub.pingAll(), 'ping');
    },
    async close() {
      for (const t of timers) clearInterval(t);
      hub.stop();
      await signals.close();
      await redis?.close();
    },
  };
}
