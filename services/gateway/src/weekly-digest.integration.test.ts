// The weekly digest on real Postgres and a real SMTP peer: the Monday-morning scheduler
// with an injected clock (ANALYTICS_TZ Europe/Bucharest: 08:00 on Monday 2026-11-23 is 06:00 UTC), once per
// admin and week under two concurrent schedulers and after a crash, opted-out admins get nothing, and the
// dashboard's toggle and "Trimite-mi unul acum" through the gateway (session, same-origin, rate limit).
// The figures in the mail are counted by hand from the aggregates seeded below.
import { afterAll, describe, expect } from 'vitest';
import { buildApp as buildAnalytics, startDigestScheduler } from '@bodymetrics/analytics';
import { seedContent, type Db } from '@bodymetrics/db';
import { createMailer, type Mailer } from '@bodymetrics/mail';
import { funnelRows, startSmtpSink, type SmtpSink } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { adminRequests, seedAdmin, startGatewayOver, type GatewayOverServices } from './test-support';

const timeZone = 'Europe/Bucharest';
const publicBaseUrl = 'https://bodymetrics.example';
/** A local time in Bucharest (UTC+2 in November and December) as the instant it is. */
const bucharest = (local: string) => new Date(`${local}+02:00`);

/**
 * Week 2026-11-16 … 22 and the week before (11-09 … 15); rows of Monday 11-23 belong to neither.
 *   visitors   16: 10, 22: 5 → 15      · before 15: 12  → +25%
 *   page views 16: 25, 22: 7 → 32      · before 15: 20  → +60%
 *   funnel     landing 10+5 = 15 (12 → +25%), form started 6+2 = 8 (8 → 0%), form completed 4+1 = 5 (5 → 0%),
 *              results 3+1 = 4 (5 → −20%), email 2+0 = 2 (1 → +100%), report 1+0 = 1 (1 → 0%)
 *   clicks     offer 1: 16: 4 (3 unique), 21: 2 (2) → 6 (5); offer 2: 20: 3 (3); offer 3: 22: 1 (1) → 10
 *              · before: offer 2 on 15: 8 → +25%
 *   revenue    16: 42.50 + 20: 7.25 → 49.75 RON · before 15: 39.80 → +25% (49.75 / 39.80 = 1.25)
 */
async function seedFigures(db: Db) {
  await db
    .insertInto('daily_visits')
    .values([
      { date: '2026-11-16', unique_visitors: 10, total_page_views: 25 },
      { date: '2026-11-22', unique_visitors: 5, total_page_views: 7 },
      { date: '2026-11-23', unique_visitors: 100, total_page_views: 100 },
      { date: '2026-11-15', unique_visitors: 12, total_page_views: 20 },
    ])
    .execute();
  const step = (date: string, n: [number, number, number, number, number, number]) =>
    funnelRows(date, {
      landing_visitors: n[0],
      form_started: n[1],
      form_completed: n[2],
      results_viewed: n[3],
      email_provided: n[4],
      report_sent: n[5],
    });
  await db
    .insertInto('conversion_funnel')
    .values([
      ...step('2026-11-16', [10, 6, 4, 3, 2, 1]),
      ...step('2026-11-22', [5, 2, 1, 1, 0, 0]),
      ...step('2026-11-23', [90, 90, 90, 90, 90, 90]),
      ...step('2026-11-15', [12, 8, 5, 5, 1, 1]),
    ])
    .execute();
  const clicks = (date: string, offer_id: number, n: number, unique: number) => ({
    date,
    offer_id,
    clicks: n,
    unique_clicks: unique,
    last_clicked_at: `${date}T10:00:00Z`,
  });
  await db
    .insertInto('affiliate_daily_clicks')
    .values([
      clicks('2026-11-16', 1, 4, 3),
      clicks('2026-11-21', 1, 2, 2),
      clicks('2026-11-20', 2, 3, 3),
      clicks('2026-11-22', 3, 1, 1),
      clicks('2026-11-23', 2, 50, 50),
      clicks('2026-11-15', 2, 8, 6),
    ])
    .execute();
  await db
    .insertInto('affiliate_daily_conversions')
    .values([
      { date: '2026-11-16', offer_id: 1, conversions: 1, revenue: '42.5' },
      { date: '2026-11-20', offer_id: 2, conversions: 1, revenue: '7.25' },
      { date: '2026-11-23', offer_id: 2, conversions: 9, revenue: '900' },
      { date: '2026-11-15', offer_id: 2, conversions: 2, revenue: '39.8' },
    ])
    .execute();
  // The operator's own text: never HTML in the mail.
  await db
    .updateTable('affiliate_offers')
    .set({ title: '<img src=x onerror=alert(1)> Cântar' })
    .where('id', '=', 1)
    .execute();
  await db.updateTable('affiliate_offers').set({ title: 'Proteină' }).where('id', '=', 2).execute();
  await db.updateTable('affiliate_offers').set({ title: 'Omega 3' }).where('id', '=', 3).execute();
}

describe('the weekly digest', () => {
  let db: Db;
  let smtp: SmtpSink;
  let mailer: Mailer;
  let front: GatewayOverServices;
  let base: string;
  const closers: (() => Promise<unknown>)[] = [];
  let opted: Awaited<ReturnType<typeof seedAdmin>>;
  let optedOut: Awaited<ReturnType<typeof seedAdmin>>;

  const scheduler = (now: () => Date) => {
    const s = startDigestScheduler({ db, mailer, timeZone, intervalMs: 0, now });
    closers.push(() => s.stop());
    return s;
  };
  const mailsTo = (email: string, weekStart?: string) =>
    smtp.messages.filter(
      (m) =>
        m.to !== undefined &&
        (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a.value.some((v) => v.address === email)) &&
        (weekStart === undefined || (m.subject ?? '').includes(weekStart)),
    );

  it.beforeAll(async ({ database }) => {
    db = database.db;
    await seedContent(db);
    await seedFigures(db);
    smtp = await startSmtpSink();
    mailer = createMailer({ kind: 'smtp', url: smtp.url, from: 'BodyMetrics <reports@bodymetrics.local>' });
    opted = await seedAdmin(db, 'ana', { optedIn: true });
    optedOut = await seedAdmin(db, 'bogdan');
    await seedAdmin(db, 'fost', { optedIn: true, active: false });
    front = await startGatewayOver(
      {
        analytics: buildAnalytics({ db, timeZone, mailer, sendNowLimit: { max: 2, windowMs: 3_600_000 } }),
      },
      { publicBaseUrl },
    );
    ({ base } = front);
  });

  afterAll(async () => {
    await front?.close();
    for (const close of closers) await close();
    mailer?.close();
    await smtp?.close();
  });

  it('sends the opted-in admin the hand-computed digest of last week on Monday 08:00; nobody else gets one', async () => {
    const sent = await scheduler(() => bucharest('2026-11-23T08:00:00')).tick();
    expect(sent).toBe(1);
    const mail = await smtp.waitFor((m) => (m.subject ?? '').includes('2026-11-16'));
    expect(mailsTo(opted.email)).toHaveLength(1);
    expect(mailsTo(optedOut.email), 'the admin who did not opt in').toHaveLength(0);
    expect(mailsTo('fost@example.test'), 'a disabled admin').toHaveLength(0);
    expect(mail.subject).toBe('BodyMetrics: rezumatul săptămânii 2026-11-16 – 2026-11-22');
    const vs = 'față de săptămâna anterioară';
    expect(mail.text?.split('\n')).toEqual([
      'Rezumatul săptămânii 2026-11-16 – 2026-11-22 (luni–duminică)',
      '',
      // Every figure of the catalogue, in its order: the seed has visitors, page views, clicks and revenue.
      `Vizitatori: 15 (${vs}: +25%)`,
      `Afișări de pagină: 32 (${vs}: +60%)`,
      `Durată medie sesiune: 0 min 0 s (${vs}: —)`,
      `Rată de respingere: 0 % (${vs}: 0 p.p.)`,
      `Trafic mobil: 0 % (${vs}: 0 p.p.)`,
      `Vizitatori care revin: 0 % (${vs}: 0 p.p.)`,
      `Clickuri pe oferte: 10 (${vs}: +25%)`,
      `Sursă principală: direct (${vs}: —)`,
      `Rată de conversie: 0 % (${vs}: 0 p.p.)`,
      `Venit: 49,75 RON (${vs}: +25%)`,
      `Pâlnie: pagina de start: 15 (${vs}: +25%)`,
      `Pâlnie: formular început: 8 (${vs}: 0%)`,
      `Pâlnie: formular completat: 5 (${vs}: 0%)`,
      `Pâlnie: rezultate văzute: 4 (${vs}: −20%)`,
      `Pâlnie: e-mail furnizat: 2 (${vs}: +100%)`,
      `Pâlnie: raport trimis: 1 (${vs}: 0%)`,
      '',
      'Ofertele cu cele mai multe clickuri:',
      '1. <img src=x onerror=alert(1)> Cântar — clickuri: 6, unice: 5',
      '2. Proteină — clickuri: 3, unice: 3',
      '3. Omega 3 — clickuri: 1, unice: 1',
      '',
      'Primești acest mesaj pentru că ai activat rezumatul săptămânal în panoul de administrare BodyMetrics.',
    ]);
    const html = String(mail.html);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Cântar — clickuri: 6, unice: 5');
    expect(html).not.toContain('<img');
  });

  it('is due only on Monday from 08:00 local time', async () => {
    const at = { now: bucharest('2026-11-29T23:59:00') };
    const s = scheduler(() => at.now);
    expect(await s.tick(), 'Sunday night').toBe(0);
    at.now = bucharest('2026-11-30T07:59:59');
    expect(await s.tick(), 'Monday 07:59').toBe(0);
    expect(mailsTo(opted.email, '2026-11-23')).toHaveLength(0);
    at.now = bucharest('2026-11-30T08:00:00');
    expect(await s.tick(), 'Monday 08:00').toBe(1);
    await smtp.waitFor((m) => (m.subject ?? '').includes('2026-11-23 – 2026-11-29'));
    at.now = bucharest('2026-12-01T09:00:00');
    expect(await s.tick(), 'Tuesday').toBe(0);
    expect(mailsTo(opted.email, '2026-11-23')).toHaveLength(1);
  });

  it('sends once per admin and week with two schedulers at once, and not again after a restart', async () => {
    const second = await seedAdmin(db, 'carmen', { optedIn: true });
    const now = () => bucharest('2026-12-07T08:00:00');
    const [a, b] = [scheduler(now), scheduler(now)];
    const sent = await Promise.all([a.tick(), b.tick()]);
    // Two admins, one digest each, whichever scheduler claimed it.
    expect(sent.reduce((x, y) => x + y, 0)).toBe(2);
    await smtp.waitFor(
      (m) => (m.subject ?? '').includes('2026-11-30') && mailsTo(second.email, '2026-11-30').length > 0,
    );
    // A restarted process (a new scheduler) later that morning.
    expect(await scheduler(() => bucharest('2026-12-07T10:30:00')).tick()).toBe(0);
    expect(mailsTo(opted.email, '2026-11-30')).toHaveLength(1);
    expect(mailsTo(second.email, '2026-11-30')).toHaveLength(1);
    await db.updateTable('admin_users').set({ weekly_digest: false }).where('id', '=', second.id).execute();
  });

  it('takes over a claim a crashed sender left without sending, only once it is stale', async () => {
    // The crashed process claimed at 08:00 and never sent.
    await db
      .insertInto('weekly_digests_sent')
      .values({ admin_id: opted.id, week_start: '2026-12-07', claimed_at: bucharest('2026-12-14T08:00:00') })
      .execute();
    expect(await scheduler(() => bucharest('2026-12-14T08:05:00')).tick(), 'a claim 5 min old').toBe(0);
    expect(await scheduler(() => bucharest('2026-12-14T08:16:00')).tick(), 'a claim 16 min old').toBe(1);
    await smtp.waitFor((m) => (m.subject ?? '').includes('2026-12-07'));
    expect(mailsTo(opted.email, '2026-12-07')).toHaveLength(1);
    const claim = await db
      .selectFrom('weekly_digests_sent')
      .select('sent_at')
      .where('admin_id', '=', opted.id)
      .where('week_start', '=', '2026-12-07')
      .executeTakeFirstOrThrow();
    expect(claim.sent_at).not.toBeNull();
  });

  const request = adminRequests(() => base);

  it('turns the digest on and off for the logged-in admin only, from the site itself', async () => {
    const path = '/api/analytics/weekly-digest';
    expect((await request('GET', path)).status).toBe(401);
    expect(await (await request('GET', path, { session: optedOut.session })).json()).toEqual({
      optedIn: false,
      email: optedOut.email,
    });
    expect((await request('PATCH', path, { body: { optedIn: true } })).status).toBe(401);
    const crossSite = await request('PATCH', path, {
      session: optedOut.session,
      headers: { origin: 'https://attacker.test', 'sec-fetch-site': 'cross-site' },
      body: { optedIn: true },
    });
    expect(crossSite.status).toBe(403);
    const bad = await request('PATCH', path, { session: optedOut.session, body: { optedIn: 'yes' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/optedIn/);
    expect(await (await request('GET', path, { session: optedOut.session })).json()).toMatchObject({
      optedIn: false,
    });

    const on = await request('PATCH', path, { session: optedOut.session, body: { optedIn: true } });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ optedIn: true, email: optedOut.email });
    const row = await db
      .selectFrom('admin_users')
      .select('weekly_digest')
      .where('id', '=', optedOut.id)
      .executeTakeFirstOrThrow();
    expect(row.weekly_digest).toBe(true);
    await request('PATCH', path, { session: optedOut.session, body: { optedIn: false } });
    expect(await (await request('GET', path, { session: optedOut.session })).json()).toMatchObject({
      optedIn: false,
    });
  });

  it('"Trimite-mi unul acum": 401 without a session, 403 from another origin, then mails the admin, 429 past the limit', async () => {
    const path = '/api/analytics/weekly-digest/send-now';
    const before = smtp.messages.length;
    expect((await request('POST', path)).status).toBe(401);
    const crossSite = await request('POST', path, {
      session: optedOut.session,
      headers: { origin: 'https://evil.bodymetrics.example', 'sec-fetch-site': 'same-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(smtp.messages.length, 'nothing mailed for refused requests').toBe(before);

    const ok = await request('POST', path, { session: optedOut.session });
    expect(ok.status).toBe(200);
    const answer = (await ok.json()) as { sent: boolean; to: string; weekStart: string };
    expect(answer).toMatchObject({ sent: true, to: optedOut.email });
    expect(answer.weekStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await smtp.waitFor(() => mailsTo(optedOut.email, answer.weekStart).length === 1);

    expect((await request('POST', path, { session: optedOut.session })).status).toBe(200);
    const limited = await request('POST', path, { session: optedOut.session });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another admin has a limit of their own.
    expect((await request('POST', path, { session: opted.session })).status).toBe(200);
    await smtp.waitFor(() => mailsTo(optedOut.email, answer.weekStart).length === 2);
    expect(mailsTo(optedOut.email, answer.weekStart)).toHaveLength(2);
  });
});
