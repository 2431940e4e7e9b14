// The migration to engaged visits (2026-11-23T0500_engaged_visits) on data counted under the old rule
// ("a session with exactly one page view bounced"), against a real Postgres: the database is taken back
// to the migration before it, filled with old-shaped rows, and migrated again. Each figure moves by the
// difference the new definition makes for the sessions still stored; a day whose sessions the retention
// job already deleted keeps its figures.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { migrateTo, migrateToLatest } from '@bodymetrics/db';
import { it } from '@bodymetrics/testing/fixtures';

const day = '2026-11-20';
const expiredDay = '2025-01-10';
const at = '2026-11-20T10:00:00Z';

describe('migrating stored sessions to engaged visits', () => {
  it.beforeAll(async ({ database }) => {
    const db = database.db;
    await migrateTo(db, '2026-11-23T0400_bot_events');
    // Four sessions of one day, counted by the old rule: a, b, c had one page view each (3 bounces).
    //   a: one page view and a form_started step → engaged now
    //   b: one page view, landing only, a 4 s beacon → still a bounce
    //   c: one page view, beacons of 6 s and 6 s → engaged now (12 s)
    //   d: two page views, a 30 s beacon → engaged before and after
    for (const [session, views] of [
      ['a', 1],
      ['b', 1],
      ['c', 1],
      ['d', 2],
    ] as const) {
      await sql`insert into visitor_sessions (session_id, visitor_id, start_date, started_at, page_views)
        values (${session}, ${`v-${session}`}, ${day}, ${at}, ${views})`.execute(db);
      await sql`insert into session_metrics (visitor_id, first_visit, last_visit, total_visits, total_page_views, bounced_visits, bounce_rate)
        values (${`v-${session}`}, ${at}, ${at}, 1, ${views}, ${views === 1 ? 1 : 0}, ${views === 1 ? 100 : 0})`.execute(
        db,
      );
    }
    for (const [session, step] of [
      ['a', 'landing'],
      ['a', 'form_started'],
      ['b', 'landing'],
    ] as const) {
      await sql`insert into user_journey (event_id, visitor_id, session_id, step, timestamp, journey_date)
        values (${randomUUID()}, ${`v-${session}`}, ${session}, ${step}, ${at}, ${day})`.execute(db);
    }
    for (const [session, seconds] of [
      ['b', 4],
      ['c', 6],
      ['c', 6],
      ['d', 30],
    ] as const) {
      await sql`insert into session_durations (event_id, visitor_id, session_id, session_duration, page_url, recorded_at, record_date)
        values (${randomUUID()}, ${`v-${session}`}, ${session}, ${seconds}, '/', ${at}, ${day})`.execute(db);
    }
    await sql`insert into daily_visits (date, unique_visitors, total_page_views, sessions, bounced_sessions)
      values (${day}, 4, 5, 4, 3), (${expiredDay}, 9, 12, 9, 6)`.execute(db);
    await migrateToLatest(db);
  });

  it("fills each session's counters from the raw events", async ({ database }) => {
    const sessions = await database.db
      .selectFrom('visitor_sessions')
      .select(['session_id', 'page_views', 'engaging_steps', 'offer_clicks', 'seconds'])
      .orderBy('session_id')
      .execute();
    expect(sessions).toEqual([
      { session_id: 'a', page_views: 1, engaging_steps: 1, offer_clicks: 0, seconds: 0 },
      { session_id: 'b', page_views: 1, engaging_steps: 0, offer_clicks: 0, seconds: 4 },
      { session_id: 'c', page_views: 1, engaging_steps: 0, offer_clicks: 0, seconds: 12 },
      { session_id: 'd', page_views: 2, engaging_steps: 0, offer_clicks: 0, seconds: 30 },
    ]);
  });

  it('takes a and c off the bounces of their day and adds the seconds of its visits; an expired day stays', async ({
    database,
  }) => {
    const daily = await database.db
      .selectFrom('daily_visits')
      .select(['date', 'sessions', 'bounced_sessions', sql<string>`visit_seconds`.as('visit_seconds')])
      .orderBy('date')
      .execute();
    expect(daily).toEqual([
      { date: expiredDay, sessions: 9, bounced_sessions: 6, visit_seconds: '0' },
      { date: day, sessions: 4, bounced_sessions: 1, visit_seconds: '46' }, // 0 + 4 + 12 + 30
    ]);
  });

  it("moves each visitor's bounces and bounce rate the same way", async ({ database }) => {
    const metrics = await database.db
      .selectFrom('session_metrics')
      .select(['visitor_id', 'total_visits', 'bounced_visits', 'bounce_rate'])
      .orderBy('visitor_id')
      .execute();
    expect(metrics).toEqual([
      { visitor_id: 'v-a', total_visits: 1, bounced_visits: 0, bounce_rate: '0.00' },
      { visitor_id: 'v-b', total_visits: 1, bounced_visits: 1, bounce_rate: '100.00' },
      { visitor_id: 'v-c', total_visits: 1, bounced_visits: 0, bounce_rate: '0.00' },
      { visitor_id: 'v-d', total_visits: 1, bounced_visits: 0, bounce_rate: '0.00' },
    ]);
  });
});
