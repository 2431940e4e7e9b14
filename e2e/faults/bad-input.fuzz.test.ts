// Property-based fuzzing (fast-check) of every public HTTP endpoint and of the WebSocket, through the
// real gateway in front of the real services (Postgres, Kafka, an SMTP peer). Every case is input the
// endpoint must refuse — a valid body with a field of the wrong type, missing or extra, a body of the
// wrong shape, odd unicode or an injection string where a value belongs, text that is not JSON, a body
// nested thousands of levels deep, a body over the limit, a path or query value outside its contract, a
// session that does not exist. The answer is always a 4xx with the error shape, never a 5xx; afterwards no
// table has a new row, no tracking topic has a message, no mail was sent and nobody is on the live list.
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { sql } from 'kysely';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp as buildAdminAuth } from '@bodymetrics/admin-auth';
import { buildApp as buildAnalytics } from '@bodymetrics/analytics';
import { KafkaAdmin } from '@bodymetrics/bus';
import {
  adminLoginBodySchema,
  adminSessionBodySchema,
  affiliateClickBodySchema,
  bridgeOfferClickBodySchema,
  contactBodySchema,
  daysQuerySchema,
  deadLetterTopicName,
  errorBodySchema,
  forgotPasswordBodySchema,
  journeyTrackBodySchema,
  liveClientMessageSchema,
  offerClickParamsSchema,
  pageLeaveBodySchema,
  pageVisitBodySchema,
  recentClicksQuerySchema,
  reportRequestBodySchema,
  resetPasswordBodySchema,
  sessionDurationBodySchema,
  formSnapshotBodySchema,
  shareImageBodySchema,
  topicName,
  trackingTopics,
  unsubscribeQuerySchema,
} from '@bodymetrics/contracts';
import { seedContent, seedLegalPages } from '@bodymetrics/db';
import { buildGateway, type Gateway } from '@bodymetrics/gateway';
import { healthFormSchema } from '@bodymetrics/health';
import { buildApp as buildLive } from '@bodymetrics/live';
import { createMailer, type Mailer } from '@bodymetrics/mail';
import { buildApp as buildOffers } from '@bodymetrics/offers';
import { buildApp as buildReports } from '@bodymetrics/reports';
import {
  adminSessionCookie,
  defaultAnalyticsTimeZone,
  refusedField,
  visitorKeys,
} from '@bodymetrics/service-kit';
import {
  createTestBus,
  createTestDatabase,
  startSmtpSink,
  testInfra,
  uniqueTag,
  type SmtpSink,
  type TestBus,
  type TestDatabase,
} from '@bodymetrics/testing';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { deeplyNested, hasPoisonKey, malformedJson, mutatedBody, oddStrings } from './src/bad-input';
import { desktopChrome, pageVisitBody } from './src/visits';

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

interface Target {
  name: string;
  runs: number;
  request: fc.Arbitrary<Request>;
}

// ---- the valid requests each bad one is made from ----------------------------------------------------

const valid = {
  pageVisit: pageVisitBody('fuzz-visitor'),
  pageLeave: { visitorId: 'fuzz-visitor', sessionId: 's-1', pageUrl: '/', action: 'page_leave' },
  sessionDuration: { visitorId: 'fuzz-visitor', sessionId: 's-1', sessionDuration: 95, pageUrl: '/' },
  affiliateClick: {
    offerId: 3,
    offerTitle: 'Lean Shake',
    offerUrl: 'https://partner.example.com/?ref=bm',
    visitorId: 'v',
    ipAddress: null,
    userAgent: 'UA',
    referrer: '/',
  },
  journey: {
    visitorId: 'fuzz-visitor',
    sessionId: 's-1',
    step: 'form_started',
    stepData: { age: 30 },
    deviceType: 'mobile',
    userAgent: 'UA',
  },
  formSnapshot: {
    visitorId: 'v',
    sessionId: 's',
    age: 30,
    gender: 'male',
    activityLevel: 'sedentary',
    measurementSystem: 'metric',
    weight: 80,
    height: 180,
    waist: 80,
    hip: 90,
    currentStep: 'measurements',
    timestamp: 1763700000000,
  },
  bridgeClick: { offerId: 3, visitorId: 'v' },
  contact: {
    fullName: 'Ion Popescu',
    email: 'ion@example.org',
    reason: 'Legal',
    message: 'Please delete my data.',
  },
  report: {
    name: 'Ana Pop',
    email: 'ana.pop@example.com',
    metrics: {
      age: 30,
      gender: 'male',
      activityLevel: 'sedentary',
      measurementSystem: 'imperial',
      weight: 180,
      height: 70,
    },
    selectedGoal: 'weight_loss',
    offers: [{ id: 1, title: 'Lean Shake', description: 'A shake', url: 'https://partner.example.com/' }],
    consent: { healthData: true, newsletter: false },
  },
  shareImage: { results: { bmi: 25.8, bmiCategory: 'Overweight' }, platform: 'facebook', uniqueId: 'u-1' },
  login: { username: 'operator', password: 'not-the-password-1' },
  session: { sessionId: 'not-a-session' },
  forgot: { email: 'operator@bodymetrics.test', username: 'operator' },
  reset: { token: 'not-a-token', password: 'NewPassword2026' },
  liveActivity: {
    type: 'user_active',
    data: {
      visitorId: 'fuzz-visitor',
      sessionId: 's-1',
      currentPage: '/',
      deviceType: 'mobile',
      browser: 'Chrome',
      location: 'Bucharest',
    },
  },
};
const reportBodySchema = reportRequestBodySchema(healthFormSchema);

/** What the page-visit route accepts: page_leave when the body names an action, a page visit otherwise. */
const pageVisitAccepts = (b: unknown) => {
  const leave = !!b && typeof b === 'object' && 'action' in b;
  return (leave ? pageLeaveBodySchema : pageVisitBodySchema).safeParse(b ?? {}).success;
};
const accepts = (schema: { safeParse(v: unknown): { success: boolean } }) => (b: unknown) =>
  schema.safeParse(b).success;

// ---- generators ----------------------------------------------------------------------------------------

/** Percent-encodes every byte of the UTF-8 form, so any string travels in a path or query as it is. */
const encode = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
/** The string as the server decodes it (a lone surrogate became U+FFFD on the way). */
const onTheWire = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
/** Header values must be visible ASCII (Node refuses others before they are sent). */
const headerSafe = fc.oneof(oddStrings, fc.string()).map((s) => s.replace(/[^\x21-\x7e]/g, '').slice(0, 300));

const json = (payload: unknown) => ({
  'content-type': 'application/json',
  payload: payload === undefined ? '' : JSON.stringify(payload),
});

const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>): fc.WeightedArbitrary<T> => ({
  weight,
  arbitrary,
});

/** Bad bodies for a JSON endpoint: mutated, malformed, too big, of another media type, wrong method. */
function jsonEndpoint(
  name: string,
  url: string,
  base: unknown,
  ok: (body: unknown) => boolean,
  { runs, bodyLimit = 64 * 1024, beacon = false }: { runs: number; bodyLimit?: number; beacon?: boolean },
): Target {
  const post = (headers: Record<string, string>, payload: string): Request => ({
    method: 'POST',
    url,
    // As the site's own page sends it (admin writes from elsewhere are refused before validation).
    headers: { 'user-agent': desktopChrome, 'sec-fetch-site': 'same-origin', ...headers },
    payload,
  });
  // Mostly a valid body with one thing wrong; the rest: not JSON, too big, another media type or method.
  const variants: fc.WeightedArbitrary<Request>[] = [
    // A key fastify's JSON parser refuses (prototype poisoning), or a NUL, makes any body bad.
    weighted(
      5,
      mutatedBody(base)
        .filter(({ body }) => hasPoisonKey(body) || !!refusedField(body) || !ok(body))
        .map(({ body }) => {
          const { payload, ...ct } = json(body);
          return post(ct, payload);
        }),
    ),
    weighted(
      2,
      malformedJson(base).map((text) => post({ 'content-type': 'application/json' }, text)),
    ),
    // Nesting deep enough to overflow a recursive walk of the body: refused as a 400, never a 500.
    weighted(
      1,
      deeplyNested(base).map((text) => post({ 'content-type': 'application/json' }, text)),
    ),
    weighted(
      1,
      fc
        .integer({ min: bodyLimit + 1, max: Math.min(bodyLimit * 3, 200 * 1024) })
        .map((n) =>
          post(
            { 'content-type': 'application/json' },
            JSON.stringify({ ...(base as object), pad: 'x'.repeat(n) }),
          ),
        ),
    ),
    weighted(
      1,
      fc
        .constantFrom('application/xml', 'image/png', 'application/octet-stream')
        .map((type) => post({ 'content-type': type }, JSON.stringify(base))),
    ),
    weighted(
      1,
      fc.constantFrom('PUT', 'DELETE', 'PATCH').map((method) => ({ ...post({}, ''), method }) as Request),
    ),
  ];
  // sendBeacon's text/plain bodies are parsed as JSON too, on the beacon routes only.
  if (beacon)
    variants.push(
      weighted(
        2,
        mutatedBody(base)
          .filter(({ body }) => !!refusedField(body) || !ok(body))
          .map(({ body }) =>
            post({ 'content-type': 'text/plain;charset=UTF-8' }, JSON.stringify(body) ?? ''),
          ),
      ),
    );
  return { name, runs, request: fc.oneof(...variants) };
}

/** Bad values for one path segment or query value of a GET route. */
function valueEndpoint(
  name: string,
  runs: number,
  values: fc.Arbitrary<string>,
  refused: (seen: string) => boolean,
  toRequest: (encoded: string) => Request,
): Target {
  return {
    name,
    runs,
    // A NUL is refused everywhere (Postgres cannot store it), whatever the value's own rule says.
    request: values
      .filter((v) => v.length > 0 && (v.includes('\u0000') || refused(onTheWire(v))))
      .map((v) => toRequest(encode(v))),
  };
}

const numberish = fc.oneof(
  oddStrings,
  fc.integer({ min: -1e9, max: 1e12 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom('', ' ', '0x10', '1e400', 'Infinity', '-0', '7;', '30 OR 1=1', '[7]'),
);

// ---- the system ----------------------------------------------------------------------------------------

let database: TestDatabase;
let testBus: TestBus;
let sink: SmtpSink;
let mailer: Mailer;
let gateway: Gateway;
let wsUrl: string;
/** The site's public address in this file: links in mails, and the one Origin admin sockets may come from. */
const publicBaseUrl = 'https://bodymetrics.test';
let adminCookie: string;
const closers: Array<() => Promise<unknown>> = [];

async function tableCounts(): Promise<Record<string, number>> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`.execute(database.db);
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}`.execute(
      database.db,
    );
    counts[table_name] = r.rows[0]?.n ?? 0;
  }
  return counts;
}

async function messagesOnTrackingTopics(): Promise<Record<string, number>> {
  const admin = new KafkaAdmin({ brokers: testInfra().kafkaBrokers, clientId: 'fuzz-topics' });
  try {
    const counts: Record<string, number> = {};
    for (const t of trackingTopics) {
      for (const name of [t.name, deadLetterTopicName(t.name)]) {
        const offsets = await admin.endOffsets(topicName(testBus.topicPrefix, name));
        counts[name] = offsets.reduce((s, o) => s + o.high, 0);
      }
    }
    return counts;
  } finally {
    await admin.close();
  }
}

beforeAll(async () => {
  database = await createTestDatabase('faults_fuzz');
  await seedContent(database.db);
  testBus = await createTestBus('faults-fuzz');
  sink = await startSmtpSink();
  mailer = createMailer({ kind: 'smtp', url: sink.url, from: 'BodyMetrics <fuzz@bodymetrics.test>' });

  // One operator with a live session, so the analytics routes get as far as validating their query.
  const { id } = await database.db
    .insertInto('admin_users')
    .values({
      username: 'operator',
      email: 'operator@bodymetrics.test',
      password_hash: 'scrypt$16384$8$1$AAAA$AAAA',
      is_active: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessionId = `fuzz-session-${uniqueTag()}`;
  await database.db
    .insertInto('admin_sessions')
    .values({ session_id: sessionId, admin_id: id, expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  adminCookie = `${adminSessionCookie}=${sessionId}`;

  // One day's visitor salt for tracking and reports, as in every composition root.
  const keys = visitorKeys(defaultAnalyticsTimeZone);
  const apps = {
    tracking: buildTracking({ bus: testBus.bus, ipStorage: 'truncated', visitorKeys: keys, db: database.db }),
    offers: buildOffers({ db: database.db }),
    reports: buildReports({
      db: database.db,
      mailer,
      bus: testBus.bus,
      visitorKeys: keys,
      publicBaseUrl,
      contactTo: 'operator@bodymetrics.test',
      // Every case must reach validation, not the per-IP limit.
      rateLimit: { contactMax: 1_000_000, reportMax: 1_000_000 },
    }),
    adminAuth: buildAdminAuth({
      db: database.db,
      mailer,
      publicBaseUrl,
      sessionTtlHours: 1,
      cookieSecure: false,
      keyPrefix: `test:fuzz:${uniqueTag()}:`,
    }),
    analytics: buildAnalytics({ db: database.db, timeZone: 'Europe/Bucharest' }),
    live: buildLive({
      db: database.db,
      presence: 'memory',
      rateLimit: { messages: 1_000_000, windowMs: 1_000 },
      maxSocketsPerIp: 1_000,
    }),
  };
  const upstreams = {} as Record<keyof typeof apps, string>;
  for (const [name, app] of Object.entries(apps) as [keyof typeof apps, (typeof apps)[keyof typeof apps]][]) {
    upstreams[name] = await app.listen({ host: '127.0.0.1', port: 0 });
    closers.push(() => app.close());
  }
  gateway = await buildGateway({ upstreams, rateLimit: { max: 1_000_000_000 }, publicBaseUrl });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  wsUrl = `ws://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/analytics-ws`;
  closers.unshift(() => gateway.close());
}, 120_000);

afterAll(async () => {
  for (const close of closers) await close().catch(() => undefined);
  mailer?.close();
  await sink?.close();
  await testBus?.cleanup();
  await database?.drop();
}, 120_000);

// ---- the endpoints ---------------------------------------------------------------------------------------

const tracking = 16 * 1024;
const seededSlugs = new Set<string>(seedLegalPages.map((p) => p.slug));
const periodRoutes = [
  '/api/analytics/daily-stats',
  '/api/analytics/affiliate-stats',
  '/api/analytics/device-stats',
  '/api/analytics/traffic-sources',
  '/api/analytics/geographic-stats',
  '/api/journey/funnel-stats',
  '/api/journey/abandonment',
  ...[
    'daily-stats',
    'funnel-stats',
    'affiliate-stats',
    'traffic-sources',
    'device-stats',
    'geographic-stats',
  ].map((n) => `/api/analytics/export/${n}.csv`),
];
const adminRoutes: Array<[Request['method'], string]> = [
  ['GET', '/api/analytics/overview'],
  ['GET', '/api/journey/today-summary'],
  ['GET', '/api/analytics/recent-clicks'],
  ['GET', '/api/analytics/export/recent-clicks.csv'],
  ['POST', '/api/analytics/reset-all-data'],
  ...periodRoutes.map((r) => ['GET', r] as [Request['method'], string]),
];

function targets(): Target[] {
  const withCookie = { cookie: adminCookie };
  return [
    jsonEndpoint(
      'POST /api/analytics/page-visit',
      '/api/analytics/page-visit',
      valid.pageVisit,
      pageVisitAccepts,
      { runs: 800, bodyLimit: tracking, beacon: true },
    ),
    jsonEndpoint(
      'POST /api/analytics/page-visit (leave)',
      '/api/analytics/page-visit',
      valid.pageLeave,
      pageVisitAccepts,
      { runs: 400, bodyLimit: tracking, beacon: true },
    ),
    jsonEndpoint(
      'POST /api/analytics/session-duration',
      '/api/analytics/session-duration',
      valid.sessionDuration,
      accepts(sessionDurationBodySchema),
      { runs: 600, bodyLimit: tracking, beacon: true },
    ),
    jsonEndpoint(
      'POST /api/analytics/affiliate-click',
      '/api/analytics/affiliate-click',
      valid.affiliateClick,
      accepts(affiliateClickBodySchema),
      { runs: 600, bodyLimit: tracking },
    ),
    jsonEndpoint(
      'POST /api/journey/track',
      '/api/journey/track',
      valid.journey,
      accepts(journeyTrackBodySchema),
      { runs: 700, bodyLimit: tracking },
    ),
    jsonEndpoint(
      'POST /api/session/store',
      '/api/session/store',
      valid.formSnapshot,
      accepts(formSnapshotBodySchema),
      { runs: 700, bodyLimit: tracking },
    ),
    jsonEndpoint(
      'POST /api/affiliate-offers/click',
      '/api/affiliate-offers/click',
      valid.bridgeClick,
      accepts(bridgeOfferClickBodySchema),
      { runs: 500, bodyLimit: tracking },
    ),
    valueEndpoint(
      'POST /api/affiliate-offers/:id/click',
      400,
      numberish,
      (id) => !offerClickParamsSchema.safeParse({ id }).success,
      (id) => ({
        method: 'POST',
        url: `/api/affiliate-offers/${id}/click`,
        // From the site's own page (tracking takes our own pages only), so the id itself is what is judged.
        headers: { 'user-agent': desktopChrome, 'sec-fetch-site': 'same-origin' },
      }),
    ),
    {
      name: 'GET /api/affiliate-offers/all (wrong method)',
      runs: 60,
      request: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH').map(
        (method) =>
          ({
            method,
            url: '/api/affiliate-offers/all',
            headers: { 'content-type': 'application/json' },
            payload: '{}',
          }) as Request,
      ),
    },
    valueEndpoint(
      'GET /api/legal/:slug',
      300,
      fc.oneof(oddStrings, fc.string({ maxLength: 60 }), fc.stringMatching(/^[a-z-]{1,40}$/)),
      (slug) => !seededSlugs.has(slug),
      (slug) => ({ method: 'GET', url: `/api/legal/${slug}` }),
    ),
    jsonEndpoint('POST /api/contact', '/api/contact', valid.contact, accepts(contactBodySchema), {
      runs: 600,
    }),
    jsonEndpoint('POST /api/email-report', '/api/email-report', valid.report, accepts(reportBodySchema), {
      runs: 500,
    }),
    jsonEndpoint('POST /api/submit-report', '/api/submit-report', valid.report, accepts(reportBodySchema), {
      runs: 500,
    }),
    jsonEndpoint(
      'POST /api/generate-share-image',
      '/api/generate-share-image',
      valid.shareImage,
      accepts(shareImageBodySchema),
      { runs: 500 },
    ),
    valueEndpoint(
      'GET /share/:id',
      150,
      fc.oneof(
        fc.string({ minLength: 101, maxLength: 300 }),
        oddStrings.map((s) => s.repeat(101)),
      ),
      (id) => id.length > 100,
      (id) => ({ method: 'GET', url: `/share/${id}` }),
    ),
    valueEndpoint(
      'GET /api/share-images/:id',
      150,
      fc.oneof(oddStrings, fc.string()),
      () => true,
      (id) => ({ method: 'GET', url: `/api/share-images/${id}` }),
    ),
    valueEndpoint(
      'GET /api/newsletter/unsubscribe',
      150,
      fc.oneof(
        fc.string({ minLength: 129, maxLength: 400 }),
        oddStrings.map((s) => s.repeat(129)),
      ),
      (token) => !unsubscribeQuerySchema.safeParse({ token }).success,
      (token) => ({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${token}` }),
    ),
    valueEndpoint(
      'POST /api/newsletter/unsubscribe',
      200,
      fc.oneof(oddStrings, fc.string()),
      () => true,
      (token) => ({ method: 'POST', url: `/api/newsletter/unsubscribe?token=${token}` }),
    ),
    jsonEndpoint('POST /api/admin/login', '/api/admin/login', valid.login, accepts(adminLoginBodySchema), {
      runs: 400,
    }),
    jsonEndpoint(
      'POST /api/admin/logout',
      '/api/admin/logout',
      valid.session,
      accepts(adminSessionBodySchema),
      { runs: 300 },
    ),
    jsonEndpoint(
      'POST /api/admin/validate-session',
      '/api/admin/validate-session',
      valid.session,
      accepts(adminSessionBodySchema),
      { runs: 300 },
    ),
    jsonEndpoint(
      'POST /api/admin/forgot-password',
      '/api/admin/forgot-password',
      valid.forgot,
      accepts(forgotPasswordBodySchema),
      { runs: 300 },
    ),
    // A well-formed reset with a token nobody was sent is refused as well (400 invalid_token).
    jsonEndpoint('POST /api/admin/reset-password', '/api/admin/reset-password', valid.reset, () => false, {
      runs: 300,
    }),
    {
      name: 'analytics: query values (with a valid session)',
      runs: 600,
      request: fc.oneof(
        fc
          .tuple(fc.constantFrom(...periodRoutes), numberish)
          .filter(([, d]) => !daysQuerySchema.safeParse({ days: onTheWire(d) }).success)
          .map(
            ([url, d]) =>
              ({ method: 'GET', url: `${url}?days=${encode(d)}`, headers: withCookie }) as Request,
          ),
        fc
          .tuple(
            fc.constantFrom('/api/analytics/recent-clicks', '/api/analytics/export/recent-clicks.csv'),
            numberish,
          )
          .filter(([, l]) => !recentClicksQuerySchema.safeParse({ limit: onTheWire(l) }).success)
          .map(
            ([url, l]) =>
              ({ method: 'GET', url: `${url}?limit=${encode(l)}`, headers: withCookie }) as Request,
          ),
      ),
    },
    {
      name: 'analytics: sessions that do not exist',
      runs: 400,
      request: fc
        .tuple(
          fc.constantFrom(...adminRoutes),
          fc.oneof(
            headerSafe.map((s) => ({ cookie: `${adminSessionCookie}=${s}` })),
            headerSafe.map((s) => ({ authorization: `Bearer ${s}` })),
            headerSafe.map((s) => ({ authorization: `Basic ${s}` })),
            fc.constant({}),
          ),
        )
        .map(([[method, url], headers]) => ({ method, url, headers }) as Request),
    },
  ];
}

// ---- the run -----------------------------------------------------------------------------------------------

describe('bad input to every public endpoint', () => {
  it('starts from bodies the endpoints accept (so each mutation is the one thing wrong)', () => {
    const checks: Array<[string, boolean]> = [
      ['page visit', pageVisitAccepts(valid.pageVisit)],
      ['page leave', pageVisitAccepts(valid.pageLeave)],
      ['session duration', accepts(sessionDurationBodySchema)(valid.sessionDuration)],
      ['affiliate click', accepts(affiliateClickBodySchema)(valid.affiliateClick)],
      ['journey', accepts(journeyTrackBodySchema)(valid.journey)],
      ['form snapshot', accepts(formSnapshotBodySchema)(valid.formSnapshot)],
      ['bridge click', accepts(bridgeOfferClickBodySchema)(valid.bridgeClick)],
      ['contact', accepts(contactBodySchema)(valid.contact)],
      ['report', accepts(reportBodySchema)(valid.report)],
      ['share image', accepts(shareImageBodySchema)(valid.shareImage)],
      ['login', accepts(adminLoginBodySchema)(valid.login)],
      ['session', accepts(adminSessionBodySchema)(valid.session)],
      ['forgot', accepts(forgotPasswordBodySchema)(valid.forgot)],
      ['reset', accepts(resetPasswordBodySchema)(valid.reset)],
      ['live activity', accepts(liveClientMessageSchema)(valid.liveActivity)],
    ];
    expect(checks.filter(([, ok]) => !ok).map(([name]) => name)).toEqual([]);
  });

  it('is always refused with a 4xx in the error shape, and leaves nothing behind', async () => {
    const before = await tableCounts();
    const table: Array<{ endpoint: string; cases: number; statuses: string }> = [];
    let total = 0;

    for (const target of targets()) {
      const statuses = new Map<number, number>();
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(target.request, async (req) => {
          const res = await gateway.inject({
            method: req.method,
            url: req.url,
            headers: req.headers,
            payload: req.payload,
          });
          cases += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const detail = `${req.method} ${req.url.slice(0, 200)} ${String(req.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode >= 400 && res.statusCode < 500, detail).toBe(true);
          expect(res.headers['content-type'], detail).toMatch(/^application\/json/);
          expect(errorBodySchema.safeParse(res.json()).success, detail).toBe(true);
        }),
        { numRuns: target.runs, endOnFailure: true },
      );
      total += cases;
      table.push({
        endpoint: target.name,
        cases,
        statuses: [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' '),
      });
    }

    // The socket: frames that are not a valid client message get an `error` reply; the socket stays open.
    const ws = await fuzzSocket();
    total += ws.cases;
    table.push({ endpoint: 'WS /analytics-ws', cases: ws.cases, statuses: ws.summary });
    console.log(`[fuzz] ${total} cases\n${formatTable(table)}`);
    expect(total).toBeGreaterThanOrEqual(10_000);

    // Nothing stored, published, mailed or shown.
    expect(await tableCounts()).toEqual(before);
    const topics = await messagesOnTrackingTopics();
    expect(
      Object.values(topics).reduce((s, n) => s + n, 0),
      JSON.stringify(topics),
    ).toBe(0);
    expect(sink.messages.length).toBe(0);
    expect(await liveListCount()).toBe(0);

    // And the same path does take a valid event, so the silence above means something.
    const accepted = await gateway.inject({
      method: 'POST',
      url: '/api/analytics/page-visit',
      headers: { 'user-agent': desktopChrome, 'sec-fetch-site': 'same-origin' },
      payload: valid.pageVisit,
    });
    expect(accepted.statusCode).toBe(202);
    expect((await messagesOnTrackingTopics())['tracking.page-visit.v1']).toBe(1);
  }, 300_000);
});

function formatTable(rows: Array<{ endpoint: string; cases: number; statuses: string }>): string {
  const width = Math.max(...rows.map((r) => r.endpoint.length));
  return rows
    .map((r) => `  ${r.endpoint.padEnd(width)}  ${String(r.cases).padStart(5)}  ${r.statuses}`)
    .join('\n');
}

/** A visitor socket through the gateway, with the replies it gets one frame at a time. */
async function openSocket(): Promise<{
  ws: WebSocket;
  next(): Promise<{ type: string; data?: { code?: string } } | { closed: number }>;
}> {
  // From the site's own page (Chromium's Fetch Metadata): the gateway takes sockets from our own pages only.
  // A browser's User-Agent: a socket without one is a bot, and the fuzzing is about what a person could send.
  const ws = new WebSocket(wsUrl, {
    headers: { 'sec-fetch-site': 'same-origin', 'user-agent': desktopChrome },
  });
  const inbox: Array<{ type: string; data?: { code?: string } } | { closed: number }> = [];
  const waiters: Array<() => void> = [];
  const push = (m: (typeof inbox)[number]) => {
    inbox.push(m);
    waiters.shift()?.();
  };
  ws.on('message', (raw) => push(JSON.parse(String(raw)) as { type: string }));
  ws.on('close', (code) => push({ closed: code }));
  ws.on('error', () => {});
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const next = async () => {
    if (!inbox.length) await new Promise<void>((resolve) => waiters.push(resolve));
    return inbox.shift()!;
  };
  expect(await next()).toMatchObject({ type: 'connection_info', data: { role: 'visitor' } });
  return { ws, next };
}

async function fuzzSocket(): Promise<{ cases: number; summary: string }> {
  const outcomes = new Map<string, number>();
  let socket = await openSocket();
  const frame = fc.oneof(
    {
      weight: 6,
      arbitrary: mutatedBody(valid.liveActivity)
        .filter(({ body }) => !liveClientMessageSchema.safeParse(body).success)
        .map(({ body }) => ({ text: JSON.stringify(body) ?? '' })),
    },
    { weight: 3, arbitrary: malformedJson(valid.liveActivity).map((text) => ({ text })) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 64 })
        .map((bytes) => ({ binary: Buffer.from(bytes) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 4097, max: 20_000 })
        .map((n) => ({ text: JSON.stringify({ ...valid.liveActivity, pad: 'x'.repeat(n) }) })),
    },
  );
  let cases = 0;
  await fc.assert(
    fc.asyncProperty(frame, async (f) => {
      cases += 1;
      if ('binary' in f) socket.ws.send(f.binary);
      else socket.ws.send(f.text);
      const reply = await socket.next();
      const key =
        'closed' in reply ? `close ${reply.closed}` : `${reply.type} ${reply.data?.code ?? ''}`.trim();
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      // Over 4 KB (a huge frame, or a mutated one whose odd unicode made it that big).
      if ('text' in f && Buffer.byteLength(f.text) > 4096) {
        // The socket is closed with 1009 (message too big), as the contract says.
        expect(reply).toEqual({ closed: 1009 });
        socket = await openSocket();
        return;
      }
      expect(reply, JSON.stringify(f).slice(0, 300)).toMatchObject({
        type: 'error',
        data: { code: 'invalid_message' },
      });
    }),
    { numRuns: 800, endOnFailure: true },
  );
  socket.ws.close();
  return { cases, summary: [...outcomes].map(([k, n]) => `${k}×${n}`).join(' ') };
}

/** How many visitors an admin would see on the live list right now. */
async function liveListCount(): Promise<number> {
  // As the admin page would: a browser sends its Origin with the handshake.
  const ws = new WebSocket(`${wsUrl}?role=admin`, {
    headers: { cookie: adminCookie, origin: publicBaseUrl },
  });
  try {
    return await new Promise<number>((resolve, reject) => {
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw)) as { type: string; data: { count: number } };
        if (m.type === 'active_users_update') resolve(m.data.count);
      });
      ws.on('close', (code) => reject(new Error(`admin socket closed with ${code}`)));
      ws.on('error', reject);
    });
  } finally {
    ws.close();
  }
}
