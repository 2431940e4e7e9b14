// `npm run move-to-postgres` as the operator runs it (services/system's cli/move-to-postgres.ts, a child
// process): a day of traffic counted by the embedded mode — page views, the calculator's steps, offers
// shown and clicked, a conversion reported by the network, a report — plus a day of an earlier month, moved
// into a new PostgreSQL database, which then reads the same figures; a second move into that database, now
// full, is refused with nothing changed; and no move starts while the server has the folder.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, monthPartitionName, monthStartOf, type Db } from '@bodymetrics/db';
import { eventually, testInfra, uniqueTag } from '@bodymetrics/testing';
import { startEmbedded, type EmbeddedOptions, type RunningEmbedded } from './embedded';

const cli = fileURLToPath(new URL('../../system/src/cli/move-to-postgres.ts', import.meta.url));
/** A browser each (tracking counts a visitor by network and User-Agent, not by the id its pages send). */
const browserOf: Record<string, string> = {
  'visitor-a':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'visitor-b':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'visitor-c': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};
const postbackToken = 'move-postback-secret-0123456789abcdef';
const admin = { username: 'operator', password: 'move-pass-1' };

// A database the move creates itself: empty, not a clone of the migrated template.
const targetName = `bm_test_move_${uniqueTag()}`;
const targetUrl = `${testInfra().postgresServerUrl}/${targetName}`;
// A database whose copy reads differently (a trigger changes the rows as they arrive).
const alteringName = `${targetName}_altering`;
const alteringUrl = `${testInfra().postgresServerUrl}/${alteringName}`;
/** The day the traffic was counted on (the embedded database's today). */
let trafficDay = '';

let root: string;
let options: EmbeddedOptions;
let running: RunningEmbedded | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bm-move-'));
  options = {
    port: 0,
    dataDir: join(root, 'pgdata'),
    mailDir: join(root, 'mail'),
    admin,
    log: () => {},
    postbackToken,
  };
  running = await startEmbedded(options);
});

/** Runs `work` on the server's maintenance database (creating and dropping the test's databases). */
async function onServer<T>(work: (server: Db) => Promise<T>): Promise<T> {
  const server = createDb({ connectionString: `${testInfra().postgresServerUrl}/postgres`, max: 1 });
  try {
    return await work(server);
  } finally {
    await server.destroy();
  }
}

afterAll(async () => {
  await running?.close();
  await onServer(async (server) => {
    for (const name of [targetName, alteringName])
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(server);
  });
  await rm(root, { recursive: true, force: true });
});

function move(...args: string[]) {
  return moveInto(targetUrl, ...args);
}

function moveInto(url: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, '--from', options.dataDir, '--to', url, ...args],
      { env: { ...process.env, DATA_DIR: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const createDatabase = (name: string) =>
  onServer((server) => sql`create database ${sql.id(name)}`.execute(server));

const targetExists = () =>
  onServer(async (server) => {
    const { rows } = await sql`select 1 from pg_database where datname = ${targetName}`.execute(server);
    return rows.length > 0;
  });

/** Every table's row count (partitioned tables once), by name. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    select relname as name from pg_class
    where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p') and not relispartition
  `.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
    counts[name] = rows[0]?.n ?? 0;
  }
  return counts;
}

function current(): RunningEmbedded {
  if (!running) throw new Error('the embedded system is not running');
  return running;
}

const send = (path: string, body: { visitorId?: string } & Record<string, unknown>) =>
  fetch(`${current().url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': browserOf[body.visitorId ?? 'visitor-a'] ?? '',
      origin: current().url,
    },
    body: JSON.stringify(body),
  });

const view = (visitorId: string, pageUrl: string, deviceType: 'desktop' | 'mobile', returning: 0 | 1) =>
  send('/api/analytics/page-visit', {
    visitorId,
    sessionId: `s-${visitorId}`,
    pageUrl,
    deviceType,
    browserName: 'Chrome',
    operatingSystem: 'Linux',
    screenResolution: '1920x1080',
    language: 'ro-RO',
    timeZone: 'Europe/Bucharest',
    isReturningVisitor: returning,
    trafficSource: { source: 'google', medium: 'cpc', campaign: 'spring' },
    storageAllowed: true,
  });

/** The day's script: three visitors; what each does is what the figures below count. */
async function trafficOfADay(offerIds: number[]): Promise<{ clickId: string; png: Buffer }> {
  const visitors = [
    { id: 'visitor-a', device: 'desktop', returning: 0 },
    { id: 'visitor-b', device: 'mobile', returning: 1 },
    { id: 'visitor-c', device: 'desktop', returning: 0 },
  ] as const;
  const clickId = randomUUID();
  const calls: Promise<Response>[] = [];
  for (const v of visitors) {
    calls.push(view(v.id, '/', v.device, v.returning));
    for (const step of ['landing', 'form_started', 'form_completed', 'bridge_viewed'])
      calls.push(send('/api/journey/track', { visitorId: v.id, sessionId: `s-${v.id}`, step }));
    calls.push(
      send('/api/analytics/offer-impression', {
        visitorId: v.id,
        sessionId: `s-${v.id}`,
        placement: 'bridge',
        offerIds,
        storageAllowed: true,
      }),
    );
  }
  calls.push(view('visitor-a', '/results', 'desktop', 0));
  calls.push(
    send('/api/analytics/session-duration', {
      visitorId: 'visitor-a',
      sessionId: 's-visitor-a',
      sessionDuration: 95,
      pageUrl: '/',
    }),
  );
  calls.push(
    send('/api/session/store', {
      visitorId: 'visitor-a',
      sessionId: 's-visitor-a',
      age: 41,
      currentStep: 'age',
      timestamp: Date.now(),
    }),
  );
  // Two clicks on the bridge (one carries the id the network reports back) and one on the results page.
  calls.push(
    send('/api/affiliate-offers/click', {
      offerId: offerIds[0],
      visitorId: 'visitor-a',
      sessionId: 's-visitor-a',
      clickId,
      storageAllowed: true,
    }),
  );
  calls.push(
    send('/api/affiliate-offers/click', {
      offerId: offerIds[0],
      visitorId: 'visitor-b',
      sessionId: 's-visitor-b',
      storageAllowed: true,
    }),
  );
  calls.push(
    send('/api/analytics/affiliate-click', {
      offerId: offerIds[0],
      offerTitle: 'x',
      offerUrl: 'https://partner.example.com/x',
      visitorId: 'visitor-c',
      referrer: null,
    }),
  );
  const statuses = (await Promise.all(calls)).map((r) => r.status);
  expect(new Set(statuses)).toEqual(new Set([202]));
  const report = await send('/api/submit-report', {
    name: 'Ana Pop',
    email: 'ana@example.org',
    metrics: {
      age: 41,
      gender: 'female',
      activityLevel: 'moderately_active',
      measurementSystem: 'metric',
      weight: 68,
      height: 170,
    },
    offers: [],
    consent: { healthData: true },
  });
  expect(report.status).toBe(200);
  return { clickId, ...(await whatVisitorsLeft()) };
}

/** A contact message whose text tests the copy's quoting, and a share card (a PNG in a bytea column). */
const contactText = 'Bună ziua, "citat" \\ {1,2} NULL\nrândul doi';
async function whatVisitorsLeft(): Promise<{ png: Buffer }> {
  const contact = await send('/api/contact', {
    fullName: 'Ana Pop',
    email: 'ana@example.org',
    reason: 'General Inquiry',
    message: contactText,
  });
  expect(contact.status).toBeLessThan(300);
  const made = await send('/api/generate-share-image', {
    results: { bmi: 23.5, bmiCategory: 'Normal' },
    platform: 'facebook',
  });
  expect(made.status).toBe(200);
  const { imageUrl } = (await made.json()) as { imageUrl: string };
  const image = await fetch(new URL(new URL(imageUrl).pathname, current().url));
  expect(image.status).toBe(200);
  return { png: Buffer.from(await image.arrayBuffer()) };
}

/** The start of the day four months back (UTC), as a year of history holds: a raw row and its day's counts. */
const earlierDay = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 4, 10, 12));
const earlierDate = earlierDay.toISOString().slice(0, 10);
const earlierEventId = randomUUID();

/** An earlier month's page view, as the embedded database keeps it (no partition of its month: DEFAULT). */
async function anEarlierDay(db: Db): Promise<void> {
  await db
    .insertInto('page_visits')
    .values({
      event_id: earlierEventId,
      visitor_id: 'visitor-earlier',
      page_url: '/',
      device_type: 'desktop',
      browser_name: 'Firefox',
      operating_system: 'Linux',
      screen_resolution: '1280x800',
      language: 'ro-RO',
      time_zone: 'Europe/Bucharest',
      is_returning_visitor: 0,
      is_bot: false,
      visited_at: earlierDay,
      visit_date: earlierDate,
    })
    .execute();
  await db
    .insertInto('daily_visits')
    .values({ date: earlierDate, unique_visitors: 1, total_page_views: 1, sessions: 1, bounced_sessions: 1 })
    .execute();
}

describe('npm run move-to-postgres', () => {
  it('refuses while the embedded server has the folder, and creates nothing', async () => {
    const refused = await move();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('stop npm start first');
    expect(refused.stderr).toContain(`in use by process ${process.pid}`);
    expect(await targetExists()).toBe(false);
  });

  it(
    'moves a day of traffic into a new database that then reads the same figures',
    { timeout: 180_000 },
    async () => {
      const offers = (await (await fetch(`${current().url}/api/affiliate-offers/all`)).json()) as {
        id: number;
      }[];
      const offerIds = offers.slice(0, 2).map((o) => o.id);
      const { clickId, png } = await trafficOfADay(offerIds);
      await anEarlierDay(current().db);
      // Every event applied: the three visitors and three clicks are in today's counts.
      const today = await eventually(async () => {
        const row = await current()
          .db.selectFrom('daily_visits')
          .select(['date', 'unique_visitors', 'total_page_views', 'mobile_visitors'])
          .where('date', '!=', earlierDate)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ unique_visitors: 3, total_page_views: 4, mobile_visitors: 1 });
        const clicks = await current().db.selectFrom('affiliate_daily_clicks').select('clicks').execute();
        expect(clicks.reduce((sum, c) => sum + c.clicks, 0)).toBe(3);
        return row.date;
      });
      trafficDay = today;
      const postback = await fetch(
        `${current().url}/api/postback?${new URLSearchParams({
          click_id: clickId,
          transaction_id: 'TX-move-1',
          payout: '12.50',
          currency: 'RON',
          token: postbackToken,
        }).toString()}`,
      );
      expect(postback.status).toBe(200);
      await current().close();
      running = undefined;

      // Two rows a batch: every table is read and written over several batches.
      const moved = await move('--batch-rows', '2');
      expect(moved.stderr).toBe('');
      expect(moved.code).toBe(0);
      expect(moved.stdout).toContain('target: created, ');
      expect(moved.stdout).toMatch(/ {2}page_visits: 5 rows\n/);
      expect(moved.stdout).toContain('Equal in both: the row counts of every table;');
      expect(moved.stdout).toMatch(
        new RegExp(`on each of 2 days with data \\(${earlierDate} to ${today}\\)`),
      );

      // Read from PostgreSQL itself: the figures the script made, the earlier month in its own partition.
      const target = createDb({ connectionString: targetUrl, max: 1 });
      try {
        const days = await target
          .selectFrom('daily_visits')
          .select(['date', 'unique_visitors', 'total_page_views'])
          .orderBy('date')
          .execute();
        expect(days).toEqual([
          { date: earlierDate, unique_visitors: 1, total_page_views: 1 },
          { date: today, unique_visitors: 3, total_page_views: 4 },
        ]);
        const revenue = await target
          .selectFrom('affiliate_daily_conversions')
          .select(['conversions', 'revenue'])
          .execute();
        expect(revenue.map((r) => [r.conversions, Number(r.revenue)])).toEqual([[1, 12.5]]);
        const impressions = await target
          .selectFrom('offer_daily_impressions')
          .select('impressions')
          .execute();
        expect(impressions.map((r) => r.impressions)).toEqual([3, 3]);
        const partition = await sql<{ name: string }>`
        select tableoid::regclass::text as name from page_visits where event_id = ${earlierEventId}
      `.execute(target);
        expect(partition.rows).toEqual([
          { name: monthPartitionName('page_visits', monthStartOf(earlierDay)) },
        ]);
        // Text and bytes arrive as they were.
        const message = await target
          .selectFrom('contact_messages')
          .select('message')
          .executeTakeFirstOrThrow();
        expect(message.message).toBe(contactText);
        const card = await target.selectFrom('share_cards').select('png').executeTakeFirstOrThrow();
        expect(card.png.equals(png)).toBe(true);
        // The identity sequences go on past the moved ids: a new report gets the next one.
        const { max } = await target
          .selectFrom('health_metrics')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirstOrThrow();
        const next = await sql<{
          id: string;
        }>`select nextval(pg_get_serial_sequence('health_metrics', 'id'))::text as id`.execute(target);
        expect(Number(next.rows[0]?.id)).toBe(Number(max) + 1);
      } finally {
        await target.destroy();
      }
    },
  );

  it('refuses a second move into the now full database, naming what it holds, and changes nothing', async () => {
    const target = createDb({ connectionString: targetUrl, max: 1 });
    try {
      const before = await rowCounts(target);
      const refused = await move();
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is not empty');
      expect(refused.stderr).toMatch(/admin_users \(1 rows\)/);
      expect(refused.stderr).toMatch(/page_visits \(5 rows\)/);
      expect(await rowCounts(target)).toEqual(before);
    } finally {
      await target.destroy();
    }
  });

  it('keeps nothing when the copy reads differently: rolled back, naming the figure, the target left empty', async () => {
    await createDatabase(alteringName);
    const altering = createDb({ connectionString: alteringUrl, max: 1 });
    try {
      // Migrated but unused counts as empty; the trigger makes PostgreSQL count one visitor more a day.
      await migrateToLatest(altering);
      await sql`
        create function one_more_visitor() returns trigger language plpgsql as
          $$ begin new.unique_visitors := new.unique_visitors + 1; return new; end $$;
        create trigger one_more_visitor before insert on daily_visits
          for each row execute function one_more_visitor();
      `.execute(altering);

      const refused = await moveInto(alteringUrl);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Not moved: the copy does not read the same');
      expect(refused.stderr).toContain(`figure visitors on ${trafficDay}: embedded 3, PostgreSQL 4`);
      expect(refused.stderr).toContain(`figure visitors on ${earlierDate}: embedded 1, PostgreSQL 2`);
      const counts = await rowCounts(altering);
      expect(Object.entries(counts).filter(([table, n]) => n > 0 && !table.startsWith('kysely_'))).toEqual(
        [],
      );
    } finally {
      await altering.destroy();
    }
  });
});
