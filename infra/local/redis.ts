// Finds the Redis named by REDIS_URL and starts the machine's own redis-server when it is installed
// but not running. Persistence is off: this Redis holds caches and rate-limit counters only.
import { Redis } from 'ioredis';
import { isLocalHost, readInfraEnv } from './env';
import { pollUntil } from './poll';
import { findExecutable, run } from './processes';

export interface RedisTarget {
  url: string;
  host: string;
  port: number;
}

export function redisTarget(url = readInfraEnv().redisUrl): RedisTarget {
  const parsed = new URL(url);
  return { url, host: parsed.hostname, port: Number(parsed.port || 6379) };
}

/** True when the server answers PING. */
export async function isRedisUp(target = redisTarget()): Promise<boolean> {
  const client = new Redis(target.url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => {
    // The failed connect() below is the answer; the event would otherwise be an unhandled error.
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Starts a local redis-server in the background and waits until it answers. */
export async function startRedis(target = redisTarget()): Promise<void> {
  if (!isLocalHost(target.host) || !findExecutable('redis-server')) {
    throw new Error(
      `Redis is not reachable at ${target.host}:${target.port} and no local redis-server is installed — ` +
        'start it, or set REDIS_URL',
    );
  }
  await run(
    'redis-server',
    // prettier-ignore
    [
      '--daemonize', 'yes',
      '--bind', '127.0.0.1', '-::1',
      '--port', String(target.port),
      '--save', '',
      '--appendonly', 'no',
      '--dir', '/var/lib/redis',
      '--logfile', '/var/log/redis/ci.log',
    ],
    { timeoutMs: 30_000 },
  );
  const outcome = await pollUntil(() => isRedisUp(target), { timeoutMs: 30_000 });
  if (!outcome.ready) {
    throw new Error(`redis-server was started on port ${target.port} but does not answer: ${outcome.reason}`);
  }
}

export async function stopRedis(target = redisTarget()): Promise<void> {
  await run('redis-cli', ['-h', target.host, '-p', String(target.port), 'shutdown', 'nosave'], {
    timeoutMs: 30_000,
  });
}
