// The embedded database must look like the distributed one to the services: the same values back from the
// same query as the pg driver gives (compared against the real PostgreSQL), and a kysely transaction
// alone on PGlite's one connection while it runs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, defaultDatabaseUrl, type Db } from '../connection';
import { createPgliteDb, type PgliteDb } from './pglite-db';

let root: string;
let embedded: PgliteDb;
let postgres: Db;

// A cold PGlite start (creating the folder) is slow on a busy two-core machine, hence the longer allowance.
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bm-pglite-'));
  embedded = await createPgliteDb(join(root, 'pgdata'));
  // Only a literal SELECT runs there: the server's own `postgres` database needs no schema.
  const server = new URL(process.env.DATABASE_URL ?? defaultDatabaseUrl);
  server.pathname = '/postgres';
  postgres = createDb({ connectionString: server.toString(), max: 1 });
}, 180_000);
afterAll(async () => {
  await embedded?.close();
  await postgres?.destroy();
  await rm(root, { recursive: true, force: true });
});

describe('createPgliteDb', () => {
  it('returns date, int8 and bytea as the pg driver does', async () => {
    const query = sql<{ day: unknown; count: unknown; png: unknown }>`
      select '2026-03-29'::date as day, 9007199254740993::int8 as count, '\\x00ff10'::bytea as png`;
    const [fromPglite] = (await query.execute(embedded.db)).rows;
    const [fromPg] = (await query.execute(postgres)).rows;

    expect(fromPglite).toEqual(fromPg);
    // Spelled out, so a change on the pg side cannot make both wrong the same way unnoticed.
    expect(fromPglite?.day).toBe('2026-03-29');
    expect(fromPglite?.count).toBe('9007199254740993');
    expect(Buffer.isBuffer(fromPglite?.png)).toBe(true);
    expect([...(fromPglite?.png as Buffer)]).toEqual([0x00, 0xff, 0x10]);
  });

  it('takes parameters and gives rows back as the pg driver does, type by type', async () => {
    const at = new Date('2026-03-29T01:30:00.000Z');
    const query = sql<Record<string, unknown>>`
      select ${at}::timestamptz as at, ${'12.50'}::numeric as amount, ${{ steps: [1, 2] }}::jsonb as doc,
        ${['bmi', 'body fat']}::text[] as tags, ${true}::boolean as yes, ${Buffer.from([1, 2])}::bytea as raw,
        ${42}::int4 as n, ${0.5}::float8 as share, ${null}::text as nothing, ${'2026-03-29'}::date as day`;
    const [fromPglite] = (await query.execute(embedded.db)).rows;
    const [fromPg] = (await query.execute(postgres)).rows;
    // The same values without parameters (the simple protocol): one set of parsers whatever the protocol.
    const literal = sql<
      Record<string, unknown>
    >`select 12.50::numeric as amount, '{"steps":[1,2]}'::jsonb as doc,
      '2026-03-29T01:30:00Z'::timestamptz as at, 9007199254740993::int8 as count`;
    const [literalFromPglite] = (await literal.execute(embedded.db)).rows;
    const [literalFromPg] = (await literal.execute(postgres)).rows;

    expect(literalFromPglite).toEqual(literalFromPg);
    expect(literalFromPglite).toEqual({
      amount: '12.50',
      doc: { steps: [1, 2] },
      at,
      count: '9007199254740993',
    });
    expect(fromPglite).toEqual(fromPg);
    expect(fromPglite).toEqual({
      at,
      amount: '12.50',
      doc: { steps: [1, 2] },
      tags: ['bmi', 'body fat'],
      yes: true,
      raw: Buffer.from([1, 2]),
      n: 42,
      share: 0.5,
      nothing: null,
      day: '2026-03-29',
    });
  });

  it('names the field and the constraint of a failed statement, as Postgres does', async () => {
    await sql`create table unique_names (name text primary key)`.execute(embedded.db);
    await sql`insert into unique_names values (${'ana'})`.execute(embedded.db);
    const failure = await sql`insert into unique_names values (${'ana'})`.execute(embedded.db).then(
      () => undefined,
      (err: unknown) => err as { code?: string; constraint?: string },
    );
    expect(failure).toMatchObject({ code: '23505', constraint: 'unique_names_pkey' });
  });

  it('counts affected rows and runs a parameterless script of several statements', async () => {
    await sql`create table counted (n int); insert into counted values (1), (2), (3)`.execute(embedded.db);
    const updated = await sql`update counted set n = n + ${10}`.execute(embedded.db);
    expect(updated.numAffectedRows).toBe(3n);
  });

  it("keeps another query out of a running transaction's statements", async () => {
    await sql`create table ledger (entry text)`.execute(embedded.db);
    const order: string[] = [];
    let firstInserted!: () => void;
    const afterFirstInsert = new Promise<void>((resolve) => (firstInserted = resolve));

    const transaction = embedded.db.transaction().execute(async (trx) => {
      await sql`insert into ledger values ('debit')`.execute(trx);
      order.push('transaction: first insert');
      firstInserted();
      // Give the outside query every chance to slip in between the two statements.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await sql`insert into ledger values ('credit')`.execute(trx);
      order.push('transaction: second insert');
    });
    await afterFirstInsert;
    const outside = sql<{ entries: string }>`select count(*) as entries from ledger`
      .execute(embedded.db)
      .then((result) => {
        order.push('outside query');
        return result.rows[0]?.entries;
      });

    await transaction;
    // Had it run on the one connection mid-transaction, it would have seen the half-written ledger ('1').
    expect(await outside).toBe('2');
    expect(order).toEqual(['transaction: first insert', 'transaction: second insert', 'outside query']);
  });
  it("sends statements asked together at once: they run back to back, not each after this thread's next turn", async () => {
    const at = sql<{ at: Date }>`select clock_timestamp() as at`;
    const asked = Promise.all([at.execute(embedded.db), at.execute(embedded.db), at.execute(embedded.db)]);
    // Once what was asked has been sent, this thread is busy for a second (a server under load): a
    // statement that waited here for the previous one's answer would run a second later.
    await new Promise((resolve) => setImmediate(resolve));
    const busyUntil = Date.now() + 1_000;
    while (Date.now() < busyUntil);
    const times = (await asked).map(({ rows }) => rows[0]!.at.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(500);
  });

  it('rolls back a transaction its borrower left open, and the other sessions go on', async () => {
    await sql`create table abandoned (entry text)`.execute(embedded.db);
    await embedded.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`insert into abandoned values ('half-written')`.execute(connection);
    });
    const { rows } = await sql<{ entries: string }>`select count(*) as entries from abandoned`.execute(
      embedded.db,
    );
    expect(rows[0]?.entries).toBe('0');
  });
});

describe('createPgliteDb with database-thread jobs', () => {
  let withJobs: PgliteDb;
  beforeAll(async () => {
    withJobs = await createPgliteDb(join(root, 'pgdata-jobs'), {
      jobs: new URL('./pglite-db.test-jobs.ts', import.meta.url),
    });
    await sql`create table job_ledger (entry text); create table job_names (name text primary key)`.execute(
      withJobs.db,
    );
  }, 180_000);
  afterAll(() => withJobs?.close());

  it("runs a job's transaction alone on the connection: a query asked meanwhile waits for its commit", async () => {
    const job = withJobs.runJob('twoEntries', { pauseMs: 100 });
    // Asked while the job is between its two inserts (it holds the connection from its first message).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const entries = await sql<{ entries: string }>`select count(*) as entries from job_ledger`.execute(
      withJobs.db,
    );
    await job;
    expect(entries.rows[0]?.entries).toBe('2');
  });

  it("gives a job's failure back with Postgres' code, so the bus can tell a poison message from an outage", async () => {
    const failure = await withJobs.runJob('duplicate', {}).then(
      () => undefined,
      (err: unknown) => err as { code?: string; message?: string },
    );
    expect(failure?.code).toBe('23505');
    expect(failure?.message).toMatch(/duplicate key/);
    const { rows } = await sql<{ names: string }>`select count(*) as names from job_names`.execute(
      withJobs.db,
    );
    expect(rows[0]?.names).toBe('0');
  });

  it('refuses a job by a name the module does not answer', async () => {
    await expect(withJobs.runJob('nothing', {})).rejects.toThrow(/no database-thread job named nothing/);
  });
});
