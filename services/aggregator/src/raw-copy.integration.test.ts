// Raw rows by COPY (raw-copy.ts), against a real Postgres: a row goes in exactly as the INSERT path stores it,
// whatever its text holds, and a row that another transaction stores while a batch copies the same one fails
// that batch as a retryable conflict, whose retry then counts only what is new.
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { defaultIsRetryable } from '@bodymetrics/bus';
import { transactionWithClient, type Db } from '@bodymetrics/db';
import { it } from '@bodymetrics/testing/fixtures';
import type { RawRow } from './raw-rows';
import { ConcurrentDeliveryError } from './raw-copy';
import { insertFreshRows, withCopyClient } from './sql-helpers';

/** A step numbered `n` (its other cells follow from `n`), with the event id numbered `id`. */
const step = (n: number, text: string, stepData: string | null, id = n): RawRow<'user_journey'> => ({
  event_id: `0190a1b2-c3d4-7e5f-8a9b-${String(id).padStart(12, '0')}`,
  visitor_id: `visitor ${text}`,
  session_id: `session-${n}`,
  step: 'form_started',
  step_data: stepData,
  device_type: n % 3 ? 'mobile' : null,
  user_agent: text,
  timestamp: `2026-11-2${n % 7}T10:00:00.${String(n).padStart(3, '0')}Z`,
  journey_date: `2026-11-2${n % 7}`,
});

/** Texts COPY's format gives a meaning to (tab, newline, backslash, \N, …), beside plain and non-Latin ones. */
const texts = [
  'Mozilla/5.0 (X11; Linux x86_64)',
  'tab\there',
  'line\nbreak and\r\ncarriage',
  'back\\slash \\N \\t literal',
  'quote " and \' and , and { } and ;',
  'ăîșțâ — 体重 — 🙂',
  '\\',
  '',
];

const copied = (db: Db, rows: RawRow<'user_journey'>[]) =>
  transactionWithClient(db, (trx, client) => {
    expect(client).toBeDefined();
    return withCopyClient(trx, client, () => insertFreshRows(trx, 'user_journey', rows));
  });

const stored = (db: Db, ids: string[]) =>
  db
    .selectFrom('user_journey')
    .select(['event_id', 'visitor_id', 'session_id', 'step', 'step_data', 'device_type', 'user_agent'])
    .select(sql<string>`timestamp::text`.as('timestamp'))
    .select(sql<string>`journey_date::text`.as('journey_date'))
    .where('event_id', 'in', ids)
    .orderBy('event_id')
    .execute();

describe('raw rows by COPY', () => {
  it('stores every row exactly as the INSERT path does, whatever its text holds', async ({ database }) => {
    const { db } = database;
    const byCopy = texts.map((t, n) => step(n + 1, t, JSON.stringify({ note: t })));
    const byInsert = texts.map((t, n) => step(n + 1, t, JSON.stringify({ note: t }), n + 101));

    const fresh = await copied(db, byCopy);
    expect([...fresh].sort()).toEqual(byCopy.map((r) => r.event_id).sort());
    await db.transaction().execute((trx) => insertFreshRows(trx, 'user_journey', byInsert));

    const fromCopy = await stored(
      db,
      byCopy.map((r) => r.event_id),
    );
    const fromInsert = await stored(
      db,
      byInsert.map((r) => r.event_id),
    );
    expect(fromCopy.map((r) => r.user_agent)).toEqual(texts);
    expect(fromCopy.map((r) => (r.step_data as { note: string }).note)).toEqual(texts);
    // The same rows but their ids, cell for cell.
    expect(fromCopy.map(({ event_id: _id, ...r }) => r)).toEqual(
      fromInsert.map(({ event_id: _id, ...r }) => r),
    );

    // Copied again (a redelivered batch): nothing is new, nothing is stored twice.
    expect((await copied(db, byCopy)).size).toBe(0);
    expect(
      await stored(
        db,
        byCopy.map((r) => r.event_id),
      ),
    ).toHaveLength(texts.length);
  });

  it('fails a batch whose row another transaction stored meanwhile as retryable; its retry counts only the new', async ({
    database,
  }) => {
    const { db } = database;
    const held = step(201, 'held', null);
    const other = step(202, 'other', null);
    // One delivery copies `held` and keeps its transaction open…
    let commitHeld = () => {};
    const release = new Promise<void>((resolve) => (commitHeld = resolve));
    let heldCopied = false;
    const heldApplied = transactionWithClient(db, (trx, client) =>
      withCopyClient(trx, client, async () => {
        const fresh = await insertFreshRows(trx, 'user_journey', [held]);
        heldCopied = true;
        await release;
        return fresh;
      }),
    );
    await expect.poll(() => heldCopied).toBe(true);
    // …while another delivery of the same event, with a new one, copies both: it waits on `held`'s key.
    const both = copied(db, [held, other]);
    const outcome = both.then(
      () => 'applied',
      (err: unknown) => err,
    );
    await expect
      .poll(async () => {
        const waiting = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
        `.execute(db);
        return waiting.rows[0]?.n;
      })
      .toBe(1);
    commitHeld();
    expect([...(await heldApplied)]).toEqual([held.event_id]);

    const err = await outcome;
    expect(err).toBeInstanceOf(ConcurrentDeliveryError);
    expect(defaultIsRetryable(err)).toBe(true);
    expect(await stored(db, [other.event_id])).toEqual([]);

    // The bus retries the batch: `held` is found stored and left out, `other` is the one new row.
    expect([...(await copied(db, [held, other]))]).toEqual([other.event_id]);
    expect(await stored(db, [held.event_id, other.event_id])).toHaveLength(2);
  });
});
