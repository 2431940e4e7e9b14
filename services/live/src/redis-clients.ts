// The live service's two Redis connections (commands + a subscriber, which pub/sub requires) and whether
// Redis is reachable right now. Redis going away never crashes the process: ioredis reconnects with a
// capped backoff, we only log and report the state (readiness, admin sockets — see live-hub.ts).
import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export interface RedisClients {
  command: Redis;
  subscriber: Redis;
  isUp(): boolean;
  /** Called whenever the combined state flips. */
  onStateChange(handler: (up: boolean) => void): void;
  /** Resolves when both connections are ready, or after `timeoutMs` (Redis may be away at start). */
  waitUntilUp(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createRedisClients(url: string, log: FastifyBaseLogger): RedisClients {
  const base: RedisOptions = {
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2000),
    // A command issued while disconnected fails fast instead of piling up; callers check isUp() first.
    maxRetriesPerRequest: 1,
    connectionName: 'bodymetrics-live',
  };
  const command = new Redis(url, base);
  // The subscriber's one SUBSCRIBE must wait for Redis however long it takes (Redis may be away at start);
  // afterwards ioredis re-subscribes on every reconnect by itself.
  const subscriber = new Redis(url, { ...base, maxRetriesPerRequest: null });

  const handlers: Array<(up: boolean) => void> = [];
  let up = false;
  let closing = false;
  const update = () => {
    const now = command.status === 'ready' && subscriber.status === 'ready';
    if (now === up) return;
    up = now;
    if (!closing)
      log[up ? 'info' : 'warn']({ redis: up ? 'up' : 'down' }, up ? 'redis is up' : 'redis is down');
    for (const h of handlers) h(up);
  };
  for (const client of [command, subscriber]) {
    client.on('ready', update);
    client.on('close', update);
    client.on('end', update);
    // Without a listener ioredis prints every failed reconnect; the state change above is logged once.
    client.on('error', (err: Error) => log.debug({ err }, 'redis connection error'));
  }

  return {
    command,
    subscriber,
    isUp: () => up,
    onStateChange: (h) => void handlers.push(h),
    waitUntilUp: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        if (up) return resolve(true);
        const timer = setTimeout(() => resolve(up), timeoutMs);
        handlers.push((u) => {
          if (u) {
            clearTimeout(timer);
            resolve(true);
          }
        });
      }),
    close: async () => {
      closing = true;
      subscriber.disconnect();
      if (command.status === 'ready') await command.quit().catch(() => command.disconnect());
      else command.disconnect();
    },
  };
}
