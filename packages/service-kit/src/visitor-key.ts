// The daily visitor key: how every visitor is counted within a day (docs/counting.md). As in the
// privacy-first analytics products (Plausible counts by its daily hash alone), it is a keyed hash of a
// random salt that rotates every day, the client's network (one IPv4 address, or an IPv6 /64, so a device
// rotating its privacy address stays one visitor) and the User-Agent. The salt lives only in memory, or in
// Redis with an expiry at the end of its day when several processes must agree, and is never stored anywhere
// longer; no raw address is kept.
// The visitor id a page sends is never the counting identity: the page makes it, so a script can invent as
// many as it likes, and it changes when a visitor answers the storage banner after landing (the landing went
// out under the tab's id, later steps under the stored one). Counting by the key keeps one person one
// visitor through the consent choice, reloads and tabs; the id kept on the device serves only to recognise
// a returning visitor across days.
import { createHmac, randomBytes } from 'node:crypto';
import { rateLimitKey } from './client-ip';
import { wallClockFormatter } from './wall-clock';

export interface VisitorKeyInput {
  /** The client address as the gateway saw it (request.ip); hashed, never stored. */
  address: string | undefined;
  userAgent: string | null;
  at?: Date;
}

export interface VisitorKeys {
  /** `d:<hash>`: the same all day for one browser (network and User-Agent), whatever ids its pages send. */
  keyFor(input: VisitorKeyInput): Promise<string>;
}

/** Where the day's salt is kept: one process's memory, or a store shared by every process (Redis). */
export interface SaltStore {
  /** The salt of `day`, created when there is none yet; `ttlSeconds` until it must be gone. */
  saltOf(day: string, ttlSeconds: number): Promise<string>;
}

/** The subset of an ioredis client the shared store uses. */
export interface SaltRedis {
  set(key: string, value: string, ex: 'EX', seconds: number, nx: 'NX'): Promise<unknown>;
  get(key: string): Promise<string | null>;
}

const newSalt = () => randomBytes(32).toString('base64url');

export const memorySaltStore = (): SaltStore => ({ saltOf: () => Promise.resolve(newSalt()) });

/** One salt per day for every process sharing the Redis (SET NX, then read whichever salt won). */
export const redisSaltStore = (redis: SaltRedis, keyPrefix = ''): SaltStore => ({
  async saltOf(day, ttlSeconds) {
    const key = `${keyPrefix}visitor-salt:${day}`;
    await redis.set(key, newSalt(), 'EX', ttlSeconds, 'NX');
    const salt = await redis.get(key);
    if (!salt) throw new Error(`visitor salt ${key} vanished right after it was set`);
    return salt;
  },
});

const quarterHourMs = 15 * 60 * 1000;

/** The calendar day in `timeZone` and the seconds left in it (the salt's life, plus a minute). */
function dayIn(timeZone: string, at: Date): { day: string; secondsLeft: number } {
  const formatter = wallClockFormatter(timeZone);
  const parts = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, p.value]));
  const elapsed = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    secondsLeft: Math.max(60, 86_400 - elapsed + 60),
  };
}

/**
 * Visitor keys for the operator's days (`timeZone`, the dashboard's ANALYTICS_TZ). Each process keeps only
 * the current day's salt: at the first request of a new day the old salt is dropped, so yesterday's keys
 * can no longer be recomputed. If the shared store fails, the process makes its own salt for the day
 * (counted visitors may then split across processes for that day; never a failed request).
 */
export function visitorKeys(
  timeZone: string,
  store: SaltStore = memorySaltStore(),
  onStoreError: (err: unknown) => void = () => {},
): VisitorKeys {
  let current: { day: string; salt: Promise<string>; slot: number } | undefined;
  const saltFor = (at: Date): Promise<string> => {
    // Reading the zone's wall clock (formatToParts) was the gateway's costliest line per tracking event
    // (5.7 % of its CPU in the ingest profile), so it is read once per quarter hour of UTC: every zone's
    // offset is a whole number of quarter hours, so a local midnight is always on a slot's edge, and a
    // day never changes inside a slot.
    const slot = Math.floor(at.getTime() / quarterHourMs);
    if (current?.slot === slot) return current.salt;
    const { day, secondsLeft } = dayIn(timeZone, at);
    if (current?.day !== day) {
      const salt = store.saltOf(day, secondsLeft).catch((err: unknown) => {
        onStoreError(err);
        return newSalt();
      });
      current = { day, salt, slot };
    } else current.slot = slot;
    return current.salt;
  };
  return {
    async keyFor({ address, userAgent, at = new Date() }) {
      const salt = await saltFor(at);
      const network = address ? rateLimitKey(address) : 'unknown';
      const hash = createHmac('sha256', salt)
        .update(`${network}\n${userAgent ?? ''}`)
        .digest('base64url');
      return `d:${hash.slice(0, 22)}`;
    },
  };
}

/**
 * A process's visitor keys (tracking, reports): the day's salt in Redis when the process has one — every
 * tracking process and reports then agree on a visitor — else in this process's memory. A Redis that fails
 * is logged and the process goes on with its own salt for the day.
 */
export function processVisitorKeys(options: {
  timeZone: string;
  redis: SaltRedis | undefined;
  keyPrefix: string;
  log: { error(details: { err: unknown }, message: string): void };
}): VisitorKeys {
  return visitorKeys(
    options.timeZone,
    options.redis ? redisSaltStore(options.redis, options.keyPrefix) : memorySaltStore(),
    (err) =>
      options.log.error({ err }, 'visitor salt: Redis unavailable, using this process’s own salt today'),
  );
}
