// What admin-auth's integration tests share: the app as a file fixture on the shared ones (the file's
// database, Redis keys and SMTP sink from @bodymetrics/testing/fixtures), plus helpers that speak to it the
// way the admin screen does.
import type { Redis } from 'ioredis';
import { createMailer, type Mailer } from '@bodymetrics/mail';
import type { SmtpSink, TestDatabase } from '@bodymetrics/testing';
import { test } from '@bodymetrics/testing/fixtures';
import { buildApp, type AdminAuthDeps } from './app';

export const publicBaseUrl = 'https://bodymetrics.example';

export interface AdminAuth {
  database: TestDatabase;
  redis: Redis;
  smtp: SmtpSink;
  mailer: Mailer;
  keyPrefix: string;
  app: ReturnType<typeof buildApp>;
  /** Another app on the same database, Redis keys and mail (e.g. to close it and wait for its mail). */
  buildAnotherApp(overrides?: Partial<AdminAuthDeps>): ReturnType<typeof buildApp>;
}

/**
 * The shared fixtures plus `adminAuth`: the app (with `overrides`) made once for the file on its database,
 * Redis keys and SMTP sink, and closed before they are taken down.
 */
export function adminAuthTest(overrides: Partial<AdminAuthDeps> = {}) {
  return test.extend(
    'adminAuth',
    { scope: 'file' },
    ({ database, redis, keyPrefix, smtp }, { onCleanup }): AdminAuth => {
      const mailer = createMailer({
        kind: 'smtp',
        url: smtp.url,
        from: 'BodyMetrics <admin@bodymetrics.test>',
      });
      const deps = (more: Partial<AdminAuthDeps> = {}): AdminAuthDeps => ({
        db: database.db,
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
      onCleanup(async () => {
        await app.close();
        mailer.close();
      });
      return {
        database,
        redis,
        smtp,
        mailer,
        keyPrefix,
        app,
        buildAnotherApp: (more) => buildApp(deps(more)),
      };
    },
  );
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
