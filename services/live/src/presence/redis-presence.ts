// The Redis presence adapter of the distributed mode: every live instance reads and writes the same keys,
// so an admin on one instance sees visitors connected to another.
//
//   <prefix>presence:active              ZSET  member visitorId, score last-seen (ms)
//   <prefix>presence:user:<visitorId>    HASH  the activity record + firstSeen + lastSeen + holder (the
//                                              connection that reports the visitor) + network, PEXPIRE 2 × window
//   <prefix>presence:network:<network>   ZSET  the visitors of one client network (/24, /64), score
//                                              last-seen, PEXPIRE 2 × window: counts the per-network cap
//   <prefix>presence:sockets:<visitorId> SET   the open sockets (connection ids, any instance) that reported
//                                              the visitor — their open tabs — PEXPIRE 2 × window. When the
//                                              last one closes the visitor leaves the ZSETs at once; the hash
//                                              keeps `left` = 1 so a reload within the window keeps time on site.
//
// The ZSET decides who is active (score within the window); the hash outlives it a little so that clock
// differences between instances never leave an active member without its details. Writes are Lua scripts
// so that "same session, still active → keep firstSeen", "held by another connection" and the caps are
// decided atomically — whichever live instance the competing sockets are on.
import type { Redis } from 'ioredis';
import type { LiveActivity, LivePageChange, LiveUser } from '@bodymetrics/contracts';
import { deviceTypeSchema, liveStageSchema } from '@bodymetrics/contracts';
import type { PresenceClaimant, PresenceStore, TouchResult } from './presence-store';
import { defaultPresenceLimits, toLiveUser, type PresenceEntry, type PresenceLimits } from './presence-store';

// KEYS: active, user, network, sockets. ARGV: now, window, ttl, visitorId, sessionId, currentPage, deviceType,
// browser, location, holder, network, maxPerNetwork, maxTotal, network key prefix, stage.
const touchScript = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local prev = redis.call('HMGET', KEYS[2], 'sessionId', 'firstSeen', 'lastSeen', 'holder', 'network', 'left')
local active = prev[3] and tonumber(prev[3]) >= now - window and prev[6] ~= '1'
if active and prev[4] and prev[4] ~= ARGV[10] then
  redis.call('SADD', KEYS[4], ARGV[10])
  redis.call('PEXPIRE', KEYS[4], ARGV[3])
  return 'held_by_another'
end
if not active or prev[5] ~= ARGV[11] then
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. (now - window))
  if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[12]) then return 'network_full' end
end
if not active and redis.call('ZCOUNT', KEYS[1], now - window, '+inf') >= tonumber(ARGV[13]) then
  return 'full'
end
if prev[5] and prev[5] ~= ARGV[11] then redis.call('ZREM', ARGV[14] .. prev[5], ARGV[4]) end
local firstSeen = now
local lastSeen = now
if prev[3] then
  local prevLast = tonumber(prev[3])
  if prevLast > lastSeen then lastSeen = prevLast end
  if prevLast >= now - window and prev[1] == ARGV[5] and prev[2] then firstSeen = tonumber(prev[2]) end
end
redis.call('HSET', KEYS[2], 'visitorId', ARGV[4], 'sessionId', ARGV[5], 'currentPage', ARGV[6],
  'deviceType', ARGV[7], 'browser', ARGV[8], 'location', ARGV[9], 'firstSeen', firstSeen, 'lastSeen', lastSeen,
  'holder', ARGV[10], 'network', ARGV[11], 'stage', ARGV[15])
redis.call('HDEL', KEYS[2], 'left')
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[1], lastSeen, ARGV[4])
redis.call('ZADD', KEYS[3], lastSeen, ARGV[4])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
redis.call('SADD', KEYS[4], ARGV[10])
redis.call('PEXPIRE', KEYS[4], ARGV[3])
return 'recorded'
`;

// KEYS: active, user, network. ARGV: now, window, ttl, visitorId, sessionId, currentPage, holder, stage.
const pageChangeScript = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local prev = redis.call('HMGET', KEYS[2], 'sessionId', 'firstSeen', 'lastSeen', 'holder', 'left')
if not prev[3] or tonumber(prev[3]) < now - window or prev[5] == '1' then return 0 end
if prev[4] ~= ARGV[7] then return 0 end
local lastSeen = math.max(now, tonumber(prev[3]))
local firstSeen = tonumber(prev[2]) or now
if prev[1] ~= ARGV[5] then firstSeen = now end
redis.call('HSET', KEYS[2], 'sessionId', ARGV[5], 'currentPage', ARGV[6], 'firstSeen', firstSeen, 'lastSeen', lastSeen,
  'stage', ARGV[8])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[1], lastSeen, ARGV[4])
redis.call('ZADD', KEYS[3], lastSeen, ARGV[4])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 1
`;

// KEYS: user, sockets, active. ARGV: holder, network key prefix, visitorId. Lets go of the visitor if this
// connection still holds it; when it was the visitor's last open socket, takes the visitor off the list
// (returns 1, so admins are told).
const releaseScript = `
if redis.call('HGET', KEYS[1], 'holder') == ARGV[1] then redis.call('HDEL', KEYS[1], 'holder') end
if redis.call('SREM', KEYS[2], ARGV[1]) == 0 or redis.call('SCARD', KEYS[2]) > 0 then return 0 end
local prev = redis.call('HMGET', KEYS[1], 'network', 'left')
if prev[2] == '1' or redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'left', '1')
local removed = redis.call('ZREM', KEYS[3], ARGV[3])
if prev[1] then redis.call('ZREM', ARGV[2] .. prev[1], ARGV[3]) end
return removed
`;

type ScriptRunner<T> = (...keysThenArgs: (string | number)[]) => Promise<T>;
type PresenceRedis = Redis & {
  presenceTouch: ScriptRunner<TouchResult>;
  presencePageChange: ScriptRunner<number>;
  presenceRelease: ScriptRunner<number>;
};

export interface RedisPresenceOptions {
  /** Prepended to every key: deployments may share a Redis, tests use one prefix per file. */
  keyPrefix: string;
  activeWindowMs: number;
  limits?: PresenceLimits;
}

export class RedisPresenceStore implements PresenceStore {
  private readonly redis: PresenceRedis;
  private readonly activeKey: string;

  constructor(
    redis: Redis,
    private readonly options: RedisPresenceOptions,
  ) {
    // defineCommand is idempotent per name on a client; EVALSHA with a fallback to EVAL.
    if (!('presenceTouch' in redis)) {
      redis.defineCommand('presenceTouch', { numberOfKeys: 4, lua: touchScript });
      redis.defineCommand('presencePageChange', { numberOfKeys: 3, lua: pageChangeScript });
      redis.defineCommand('presenceRelease', { numberOfKeys: 3, lua: releaseScript });
    }
    this.redis = redis as PresenceRedis;
    this.activeKey = `${options.keyPrefix}presence:active`;
  }

  private userKey(visitorId: string): string {
    return `${this.options.keyPrefix}presence:user:${visitorId}`;
  }

  private socketsKey(visitorId: string): string {
    return `${this.options.keyPrefix}presence:sockets:${visitorId}`;
  }

  private networkKeyPrefix(): string {
    return `${this.options.keyPrefix}presence:network:`;
  }

  private windowStart(now: number): number {
    return now - this.options.activeWindowMs;
  }

  async touch(a: LiveActivity, now: number, by: PresenceClaimant): Promise<TouchResult> {
    const { activeWindowMs, limits = defaultPresenceLimits } = this.options;
    return this.redis.presenceTouch(
      this.activeKey,
      this.userKey(a.visitorId),
      this.networkKeyPrefix() + by.network,
      this.socketsKey(a.visitorId),
      now,
      activeWindowMs,
      2 * activeWindowMs,
      a.visitorId,
      a.sessionId,
      a.currentPage,
      a.deviceType,
      a.browser,
      a.location,
      by.connectionId,
      by.network,
      limits.maxPerNetwork,
      limits.maxTotal,
      this.networkKeyPrefix(),
      a.stage ?? '',
    );
  }

  async pageChange(c: LivePageChange, now: number, by: PresenceClaimant): Promise<boolean> {
    const { activeWindowMs } = this.options;
    const applied = await this.redis.presencePageChange(
      this.activeKey,
      this.userKey(c.visitorId),
      this.networkKeyPrefix() + by.network,
      now,
      activeWindowMs,
      2 * activeWindowMs,
      c.visitorId,
      c.sessionId,
      c.currentPage,
      by.connectionId,
      c.stage ?? '',
    );
    return applied === 1;
  }

  async release(visitorId: string, connectionId: string): Promise<boolean> {
    const removed = await this.redis.presenceRelease(
      this.userKey(visitorId),
      this.socketsKey(visitorId),
      this.activeKey,
      connectionId,
      this.networkKeyPrefix(),
      visitorId,
    );
    return removed === 1;
  }

  async list(now: number, limit: number): Promise<LiveUser[]> {
    const ids = await this.redis.zrevrangebyscore(
      this.activeKey,
      '+inf',
      this.windowStart(now),
      'LIMIT',
      0,
      limit,
    );
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hgetall(this.userKey(id));
    const results = (await pipeline.exec()) ?? [];
    const users: LiveUser[] = [];
    for (const [err, hash] of results) {
      // A hash that vanished between the two reads (removed meanwhile) is skipped, not shown half-empty.
      const entry = err ? null : parseEntry(hash as Record<string, string>);
      if (entry) users.push(toLiveUser(entry, now));
    }
    return users;
  }

  async count(now: number): Promise<number> {
    return this.redis.zcount(this.activeKey, this.windowStart(now), '+inf');
  }

  async remove(visitorId: string): Promise<void> {
    const network = await this.redis.hget(this.userKey(visitorId), 'network');
    const tx = this.redis
      .multi()
      .zrem(this.activeKey, visitorId)
      .del(this.userKey(visitorId), this.socketsKey(visitorId));
    if (network) tx.zrem(this.networkKeyPrefix() + network, visitorId);
    await tx.exec();
  }

  async sweep(now: number): Promise<number> {
    // Exclusive bound: a visitor last seen exactly at the window's start is still active (as in `count`).
    return this.redis.zremrangebyscore(this.activeKey, '-inf', `(${this.windowStart(now)}`);
  }
}

function parseEntry(hash: Record<string, string>): PresenceEntry | null {
  const firstSeen = Number(hash.firstSeen);
  const lastSeen = Number(hash.lastSeen);
  const deviceType = deviceTypeSchema.safeParse(hash.deviceType);
  const stage = liveStageSchema.safeParse(hash.stage);
  if (
    !hash.visitorId ||
    !hash.sessionId ||
    !Number.isFinite(firstSeen) ||
    !Number.isFinite(lastSeen) ||
    !deviceType.success
  ) {
    return null;
  }
  return {
    visitorId: hash.visitorId,
    sessionId: hash.sessionId,
    currentPage: hash.currentPage ?? '',
    deviceType: deviceType.data,
    browser: hash.browser ?? '',
    location: hash.location ?? '',
    ...(stage.success ? { stage: stage.data } : {}),
    firstSeen,
    lastSeen,
  };
}
