// Test fixture for admin-auth: the app on a fresh database, its own Redis key prefix and a real SMTP
// sink, plus helpers that speak to it the way the admin screen does.
import { Redis } from 'ioredis';
import { createMailer, type Mailer } from '@bodymetrics/mail';
import {
  createTestDatabase,
  startSmtpSink,
  testInfra,
  uniqueTag,
  type SmtpSink,
  type TestDatabase,
} from '@bodymetrics/testing';
import { buildApp, type AdminAuthDeps } from './app';

export const publicBaseUrl = 'https://bodymetrics.example';

export interface AdminAuthFixture {
  testDb: TestDatabase;
  redis: Redis;
  sink: SmtpSink;
  mailer: Mailer;
  keyPrefix: string;
  app: ReturnType<typeof buildApp>;
  /** Another app on the same database, Redis keys and mail (e.g. to close it and wait for its mail). */
  buildAnotherApp(overrides?: Partial<AdminAuthDeps>): ReturnType<typeof buildApp>;
  close(): Promise<void>;
}

export async function startAdminAuth(
  label: string,
  overrides: Partial<AdminAuthDeps> = {},
): Promise<AdminAuthFixture> {
  const testDb = await createTestDatabase(label);
  const redis = new Redis(testInfra().redisUrl);
  await redis.ping();
  const sink = await startSmtpSink();
  const mailer = createMailer({ kind: 'smtp', url: sink.url, from: 'BodyMetrics <admin@bodymetrics.test>' });
  const keyPrefix = `test:${label}:${uniqueTag()}:`;
  const deps = (more: Partial<AdminAuthDeps> = {}): AdminAuthDeps => ({
    db: testDb.db,
    redis,
    mailer,
    publicBaseUrl,
    sessionTtlHours: 12,
    cookieSecure: true,
    keyPrefix,
    ...overrides,
    ...more,
  });
  const app = buildApp(deps());
  return {
    testDb,
    redis,
    sink,
    mailer,
    keyPrefix,
    app,
    buildAnotherApp: (more) => buildApp(deps(more)),
    async close() {
      await app.close();
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      mailer.close();
      await sink.close();
      await testDb.drop();
    },
  };
}

let ipCounter = 0;
/** A fresh client address, so tests that are not about the per-IP limit never meet it. */
export const freshIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

type App = ReturnType<typeof buildApp>;

export const login = (app: App, username: string, password: string, remoteAddress = freshIp()) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress });

export const validateSession = (app: App, sessionId: string) =>
  app.inject({ method: 'POST', url: '/api/admin/validate-session', payload: { sessionId } });

/** The Set-Cookie header as name=value plus a map of its attributes (lower-cased names). */
export function parseSetCookie(header: string | string[] | number | undefined): {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
} {
  const raw = Array.isArray(header) ? header[0] : header;
  if (typeof raw !== 'string') throw new Error('no Set-Cookie header');
  const [pair = '', ...attrs] = raw.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const a of attrs) {
    const i = a.indexOf('=');
    if (i === -1) attributes[a.toLowerCase()] = true;
    else attributes[a.slice(0, i).toLowerCase()] = a.slice(i + 1);
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}
