// Alerts that find the operator, on real Postgres and a real SMTP peer: the evaluator with an injected clock
// over raw rows seeded at the same hours of the previous weeks (the baseline) — a traffic drop opens one
// episode and one mail, a second evaluation mails nothing more, the recovered figure ends it; clicks
// without any postback where there were conversions before open one episode and one mail; a quiet site
// under the minimum volume opens nothing. Then the routes through the gateway: the list, acknowledging
// (session and same origin; an unknown id is a 404 naming it), the opt-in and the test alert mailed to the
// calling admin (rate limited per admin).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect } from 'vitest';
import { buildApp as buildAnalytics, startAlertEvaluator } from '@bodymetrics/analytics';
import { seedContent, type Db } from '@bodymetrics/db';
import { createMailer, type Mailer } from '@bodymetrics/mail';
import { startSmtpSink, type SmtpSink } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { adminRequests, seedAdmin, startGatewayOver, type GatewayOverServices } from './test-support';

const timeZone = 'Europe/Bucharest';
const publicBaseUrl = 'https://bodymetrics.example';
const minute = 60_000;
const week = 7 * 24 * 60 * minute;
const at = (time: Date, offsetMs: number) => new Date(time.getTime() + offsetMs);
const dateOf = (time: Date) => time.toISOString().slice(0, 10);

async function seedPageViews(db: Db, time: Date, views: number, visitors: number) {
  await db
    .insertInto('page_visits')
    .values(
      Array.from({ length: views }, (_, i) => ({
        event_id: randomUUID(),
        visitor_id: `visitor-${time.getTime()}-${i % visitors}`,
        session_id: `session-${i % visitors}`,
        page_url: '/',
        device_type: 'desktop' as const,
        browser_name: 'Chrome',
        operating_system: 'Linux',
        screen_resolution: '1920x1080',
        language: 'ro-RO',
        time_zone: timeZone,
        is_returning_visitor: 0,
        is_bot: false,
        visited_at: time,
        visit_date: dateOf(time),
      })),
    )
    .execute();
}

async function seedClicks(db: Db, time: Date, offerId: number, clicks: number, conversions: number) {
  const ids = Array.from({ length: clicks }, () => randomUUID());
  await db
    .insertInto('affiliate_clicks')
    .values(
      ids.map((clickId) => ({
        event_id: randomUUID(),
        offer_id: offerId,
        source: 'results' as const,
        visitor_id: `clicker-${clickId}`,
        clicked_at: time,
        click_date: dateOf(time),
        click_id: clickId,
      })),
    )
    .execute();
  if (conversions === 0) return;
  await db
    .insertInto('offer_conversions')
    .values(
      ids.slice(0, conversions).map((clickId) => ({
        transaction_id: randomUUID(),
        click_id: clickId,
        offer_id: offerId,
        payout: 10,
        currency: 'RON',
        received_at: at(time, 5 * minute),
        conversion_date: dateOf(time),
      })),
    )
    .execute();
}

describe('alerts', () => {
  let db: Db;
  let smtp: SmtpSink;
  let mailer: Mailer;
  let front: GatewayOverServices;
  let base: string;
  const closers: (() => Promise<unknown>)[] = [];
  let ana: Awaited<ReturnType<typeof seedAdmin>>;
  let bogdan: Awaited<ReturnType<typeof seedAdmin>>;

  const evaluator = (now: () => Date) => {
    const e = startAlertEvaluator({ db, mailer, timeZone, intervalMs: 0, now });
    closers.push(() => e.stop());
    return e;
  };
  const mailsTo = (email: string, subject = '') =>
    smtp.messages.filter(
      (m) =>
        (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) =>
          a.value.some((v) => v.address === email),
        ) && (m.subject ?? '').includes(subject),
    );
  const alertsOf = (kind: string) =>
    db.selectFrom('alerts').selectAll().where('kind', '=', kind).orderBy('id').execute();

  it.beforeAll(async ({ database }) => {
    db = database.db;
    await seedContent(db);
    smtp = await startSmtpSink();
    mailer = createMailer({ kind: 'smtp', url: smtp.url, from: 'BodyMetrics <reports@bodymetrics.local>' });
    ana = await seedAdmin(db, 'ana');
    bogdan = await seedAdmin(db, 'bogdan');
    await db.updateTable('admin_users').set({ alerts_opt_in: true }).where('id', '=', ana.id).execute();
    front = await startGatewayOver(
      {
        analytics: buildAnalytics({ db, timeZone, mailer, alertTestLimit: { max: 1, windowMs: 3_600_000 } }),
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

  it('a page-view drop against the same hour of the last 4 weeks opens one episode and one mail, ended when it recovers', async () => {
    const now = new Date('2026-12-02T14:30:00Z');
    // The baseline: 45 page views of 15 visitors half an hour before now, each of the 4 previous weeks
    // (15 visitors a week: under the visitors rule's minimum volume of 20, so only page views can alert).
    for (let k = 1; k <= 4; k += 1) await seedPageViews(db, at(now, -k * week - 30 * minute), 45, 15);
    await seedPageViews(db, at(now, -30 * minute), 10, 10);

    const clock = { now };
    expect(await evaluator(() => clock.now).evaluate()).toBe(1);
    const [drop, ...more] = await alertsOf('traffic_drop');
    expect(more).toEqual([]);
    expect(drop).toMatchObject({ subject: 'pageViews', expected: 45, observed: 10, ended_at: null });
    expect(await db.selectFrom('alerts').select('id').execute()).toHaveLength(1);
    const mail = await smtp.waitFor((m) => (m.subject ?? '').includes('Scădere de trafic'));
    expect(mail.subject).toBe('BodyMetrics: Scădere de trafic — Afișări de pagină');
    expect(mail.text).toContain('Așteptat: 45 · observat: 10');
    expect(mailsTo(ana.email, 'Scădere de trafic')).toHaveLength(1);
    expect(mailsTo(bogdan.email), 'an admin who did not opt in').toHaveLength(0);

    // Five minutes later, another process: the episode stays open, no second mail.
    clock.now = at(now, 5 * minute);
    expect(await evaluator(() => clock.now).evaluate()).toBe(0);
    expect(await alertsOf('traffic_drop')).toHaveLength(1);
    expect(mailsTo(ana.email, 'Scădere de trafic')).toHaveLength(1);

    // The traffic comes back: 40 more page views, and the episode ends.
    await seedPageViews(db, at(now, 6 * minute), 40, 30);
    clock.now = at(now, 10 * minute);
    expect(await evaluator(() => clock.now).evaluate()).toBe(0);
    const [ended] = await alertsOf('traffic_drop');
    expect(ended?.ended_at).toEqual(clock.now);
    expect(await db.selectFrom('alerts').select('id').where('ended_at', 'is', null).execute()).toEqual([]);
  });

  it('clicks with no postback for 6 hours, where the same hours of earlier weeks converted, open one episode and one mail', async () => {
    const now = new Date('2026-12-20T03:00:00Z');
    // Each earlier week: 20 clicks on offer 1 three hours before, 4 of them converted (0.2 a click).
    for (let k = 1; k <= 4; k += 1) await seedClicks(db, at(now, -k * week - 180 * minute), 1, 20, 4);
    // This week: 20 clicks, 4 conversions expected, none came.
    await seedClicks(db, at(now, -180 * minute), 1, 20, 0);
    expect(await evaluator(() => now).evaluate()).toBe(1);
    const silent = await alertsOf('postbacks_silent');
    expect(silent).toHaveLength(1);
    expect(silent[0]).toMatchObject({ subject: 'postbacks', expected: 4, observed: 0, ended_at: null });
    // The one cause says it: the offer opens no episode of its own.
    expect(await alertsOf('offer_stopped_converting')).toEqual([]);
    await smtp.waitFor((m) => (m.subject ?? '').includes('Postback-uri absente'));
    expect(mailsTo(ana.email, 'Postback-uri absente')).toHaveLength(1);
    expect(await evaluator(() => at(now, 5 * minute)).evaluate()).toBe(0);
    expect(mailsTo(ana.email, 'Postback-uri absente')).toHaveLength(1);
  });

  it('a quiet site under the minimum volume opens nothing', async () => {
    const now = new Date('2027-01-10T10:00:00Z');
    for (let k = 1; k <= 4; k += 1) {
      await seedPageViews(db, at(now, -k * week - 20 * minute), 10, 8);
      await seedClicks(db, at(now, -k * week - 60 * minute), 2, 5, 3);
    }
    // Nothing at all this hour, and 5 clicks without a conversion: every rule is under its minimum.
    await seedClicks(db, at(now, -60 * minute), 2, 5, 0);
    const before = await db.selectFrom('alerts').select('id').execute();
    const mailsBefore = smtp.messages.length;
    expect(await evaluator(() => now).evaluate()).toBe(0);
    expect(await db.selectFrom('alerts').select('id').execute()).toEqual(before);
    expect(smtp.messages.length).toBe(mailsBefore);
  });

  const request = adminRequests(() => base);

  it('lists the episodes newest first with the open count, to a logged-in admin only', async () => {
    expect((await request('GET', '/api/admin/alerts')).status).toBe(401);
    const answer = await request('GET', '/api/admin/alerts', { session: bogdan.session });
    expect(answer.status).toBe(200);
    const list = (await answer.json()) as {
      alerts: { kind: string; endedAt: string | null }[];
      openCount: number;
    };
    expect(list.alerts.map((a) => a.kind)).toEqual(['postbacks_silent', 'traffic_drop']);
    // The quiet hour of 2027-01-10 had no clicks: the silent postbacks' episode ended then.
    expect(list.openCount).toBe(0);
    expect(list.alerts[0]).toMatchObject({
      subject: 'postbacks',
      startedAt: '2026-12-20T03:00:00.000Z',
      endedAt: '2027-01-10T10:00:00.000Z',
      expected: 4,
      observed: 0,
      acknowledgedAt: null,
    });
    expect(list.alerts[1]?.endedAt).toBe('2026-12-02T14:40:00.000Z');
  });

  it('acknowledges an episode for a logged-in admin from the site itself; an unknown id is a 404 naming it', async () => {
    const [open] = await alertsOf('postbacks_silent');
    const path = `/api/admin/alerts/${open?.id}/acknowledge`;
    expect((await request('POST', path)).status, 'no session').toBe(401);
    const crossSite = await request('POST', path, {
      session: ana.session,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(crossSite.status, 'another origin').toBe(403);
    expect((await alertsOf('postbacks_silent'))[0]?.acknowledged_at).toBeNull();
    const done = await request('POST', path, { session: ana.session });
    expect(done.status).toBe(200);
    const acknowledged = (await done.json()) as { id: number; acknowledgedAt: string | null };
    expect(acknowledged.id).toBe(open?.id);
    expect(acknowledged.acknowledgedAt).not.toBeNull();
    const unknown = await request('POST', '/api/admin/alerts/987654/acknowledge', { session: ana.session });
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(await unknown.json())).toContain('987654');
  });

  it('turns the alert mails on for the logged-in admin only, from the site itself', async () => {
    const path = '/api/admin/alerts/settings';
    expect(await (await request('GET', path, { session: bogdan.session })).json()).toEqual({
      optedIn: false,
      email: bogdan.email,
    });
    const crossSite = await request('PATCH', path, {
      session: bogdan.session,
      headers: { 'sec-fetch-site': 'cross-site' },
      body: { optedIn: true },
    });
    expect(crossSite.status).toBe(403);
    const on = await request('PATCH', path, { session: bogdan.session, body: { optedIn: true } });
    expect(await on.json()).toEqual({ optedIn: true, email: bogdan.email });
    const stored = await db
      .selectFrom('admin_users')
      .select('alerts_opt_in')
      .where('id', '=', bogdan.id)
      .executeTakeFirstOrThrow();
    expect(stored.alerts_opt_in).toBe(true);
    expect((await request('PATCH', path, { session: bogdan.session, body: { optedIn: 'yes' } })).status).toBe(
      400,
    );
  });

  it('mails a test alert to the calling admin only, once per window', async () => {
    expect((await request('POST', '/api/admin/alerts/test')).status).toBe(401);
    const sent = await request('POST', '/api/admin/alerts/test', { session: bogdan.session });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sent: true, to: bogdan.email });
    const mail = await smtp.waitFor((m) => (m.subject ?? '').startsWith('BodyMetrics (test)'));
    expect(mailsTo(bogdan.email, '(test)')).toEqual([mail]);
    expect(mailsTo(ana.email, '(test)')).toEqual([]);
    expect(mail.text).toContain('Aceasta este o alertă de test');
    expect((await request('POST', '/api/admin/alerts/test', { session: bogdan.session })).status).toBe(429);
  });
});
