// Annotations of the daily charts through the gateway, on real Postgres: an admin creates, lists, changes and
// deletes a note (signed with their name and the time); bad input is a 400 naming the field, nothing stored;
// another origin's write and a caller without a session are refused; the daily CSV carries the note.
import { afterAll, describe, expect } from 'vitest';
import { buildApp as buildAnalytics } from '@bodymetrics/analytics';
import type { Db } from '@bodymetrics/db';
import { it } from '@bodymetrics/testing/fixtures';
import { adminRequests, seedAdmin, startGatewayOver, type GatewayOverServices } from './test-support';

describe('annotations', () => {
  let db: Db;
  let front: GatewayOverServices;
  let ana: Awaited<ReturnType<typeof seedAdmin>>;
  const request = adminRequests(() => front.base);
  const stored = () => db.selectFrom('annotations').selectAll().orderBy('id').execute();

  it.beforeAll(async ({ database }) => {
    db = database.db;
    ana = await seedAdmin(db, 'ana');
    front = await startGatewayOver(
      { analytics: buildAnalytics({ db, timeZone: 'Europe/Bucharest' }) },
      { publicBaseUrl: 'https://bodymetrics.example' },
    );
  });
  afterAll(() => front?.close());

  it('creates, lists by dates, changes and deletes a note, with who and when', async () => {
    const created = await request('POST', '/api/admin/annotations', {
      session: ana.session,
      body: { date: '2026-10-05', endDate: '2026-10-07', note: '  <b>new offers</b>  ' },
    });
    expect(created.status).toBe(201);
    const note = (await created.json()) as { id: number; createdAt: string };
    expect(note).toMatchObject({
      date: '2026-10-05',
      endDate: '2026-10-07',
      note: '<b>new offers</b>',
      createdBy: 'ana',
      updatedBy: null,
      updatedAt: null,
    });
    expect(Date.now() - Date.parse(note.createdAt)).toBeLessThan(60_000);

    const single = await request('POST', '/api/admin/annotations', {
      session: ana.session,
      body: { date: '2026-10-20', note: 'campaign started' },
    });
    expect(await single.json()).toMatchObject({ date: '2026-10-20', endDate: '2026-10-20' });

    const listOf = async (query: string) =>
      (
        (await (await request('GET', `/api/admin/annotations${query}`, { session: ana.session })).json()) as {
          annotations: { note: string }[];
        }
      ).annotations.map((a) => a.note);
    expect(await listOf('')).toEqual(['<b>new offers</b>', 'campaign started']);
    expect(await listOf('?from=2026-10-07&to=2026-10-19')).toEqual(['<b>new offers</b>']);
    expect(await listOf('?from=2026-10-08&to=2026-10-19')).toEqual([]);

    const changed = await request('PATCH', `/api/admin/annotations/${note.id}`, {
      session: ana.session,
      body: { note: 'new offers on the bridge' },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ note: 'new offers on the bridge', updatedBy: 'ana' });

    expect(
      (await request('DELETE', `/api/admin/annotations/${note.id}`, { session: ana.session })).status,
    ).toBe(200);
    expect(
      (await request('DELETE', `/api/admin/annotations/${note.id}`, { session: ana.session })).status,
    ).toBe(404);
    expect(await listOf('')).toEqual(['campaign started']);
  });

  it('answers bad input with a 400 naming the field, storing nothing', async () => {
    const before = await stored();
    const refusal = async (body: unknown, method = 'POST', path = '/api/admin/annotations') => {
      const answer = await request(method, path, { session: ana.session, body });
      expect(answer.status).toBe(400);
      return JSON.stringify(await answer.json());
    };
    expect(await refusal({ date: '2026-02-30', note: 'x' })).toContain('date');
    expect(await refusal({ date: '2026-10-05', note: 'x'.repeat(141) })).toContain('note');
    expect(await refusal({ date: '2026-10-05', note: '   ' })).toContain('note');
    expect(await refusal({ date: '2026-10-05', note: 'two\nlines' })).toContain('note');
    expect(await refusal({ date: '2026-10-05', endDate: '2026-10-04', note: 'x' })).toContain('endDate');
    expect(await refusal({ date: '2026-10-05', note: 'x', who: 'eve' })).toContain('who');
    const [kept] = before;
    expect(await refusal({ endDate: '2026-01-01' }, 'PATCH', `/api/admin/annotations/${kept?.id}`)).toContain(
      'endDate',
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses a caller without a session and a write from another origin', async () => {
    expect((await request('GET', '/api/admin/annotations')).status).toBe(401);
    const body = { date: '2026-10-05', note: 'x' };
    expect((await request('POST', '/api/admin/annotations', { body })).status).toBe(401);
    const crossSite = await request('POST', '/api/admin/annotations', {
      session: ana.session,
      headers: { 'sec-fetch-site': 'cross-site' },
      body,
    });
    expect(crossSite.status).toBe(403);
    const [kept] = await stored();
    const crossDelete = await request('DELETE', `/api/admin/annotations/${kept?.id}`, {
      session: ana.session,
      headers: { origin: 'https://evil.example' },
    });
    expect(crossDelete.status).toBe(403);
    expect(await stored()).toHaveLength(1);
  });

  it('puts the note in the annotation column of the daily CSV exports', async () => {
    await db
      .insertInto('daily_visits')
      .values([
        { date: '2026-10-20', unique_visitors: 12, total_page_views: 30 },
        { date: '2026-10-21', unique_visitors: 9, total_page_views: 20 },
      ])
      .execute();
    const csv = await (
      await request('GET', '/api/analytics/export/daily-stats.csv?from=2026-10-19&to=2026-10-21', {
        session: ana.session,
      })
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toEqual([
      '"date","uniqueVisitors","totalPageViews","annotation"',
      '"2026-10-21","9","20",""',
      '"2026-10-20","12","30","campaign started"',
    ]);
    const figures = await (
      await request('GET', '/api/analytics/export/figures.csv?from=2026-10-19&to=2026-10-21', {
        session: ana.session,
      })
    ).text();
    expect(figures.split('\n')[0]).toMatch(/"annotation"$/);
    expect(figures).toContain('"campaign started"');
  });
});
