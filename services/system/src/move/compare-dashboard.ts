// "The dashboard reads the same": every figure of the catalogue on every day that has daily rows and over
// the whole range of them, and every tab's rows over that range, read from the embedded database and from
// the target by the analytics service's own reads (the code that draws the dashboard), compared value by
// value. A tab's rows are compared in any order among themselves: two Postgres builds may list rows that
// tie on the tab's sort in either order, and the dashboard shows the same rows.
import { sql, type Kysely } from 'kysely';
import { figureNames } from '@bodymetrics/contracts';
import type { Database } from '@bodymetrics/db';
import { defaultRevenueCurrency } from '@bodymetrics/service-kit';
import {
  readDailyFigures,
  readFigures,
  tabReadsOf,
  type Period,
} from '@bodymetrics/analytics/dashboard-reads';
import type { TableShape } from './schema-catalog';

/** One thing the two databases read differently, as the operator would name it. */
export interface Difference {
  what: string;
  embedded: string;
  postgres: string;
}

export interface DashboardComparison {
  /** The dates compared, both included (null: no daily rows at all). */
  range: { from: string; to: string } | null;
  days: number;
  figures: number;
  tabs: number;
  differences: Difference[];
}

/** The first and last dates of any daily row (every table with a `date` column of type date). */
async function dailyRange(db: Kysely<Database>, tables: readonly TableShape[]) {
  const daily = tables.filter((t) => t.columns.some((c) => c.name === 'date' && c.type === 'date'));
  if (!daily.length) return null;
  const { rows } = await sql<{ from: string | null; to: string | null }>`
    select min(first)::text as from, max(last)::text as to from (
      ${sql.join(
        daily.map((t) => sql`select min(date) as first, max(date) as last from ${sql.table(t.name)}`),
        sql` union all `,
      )}
    ) dates
  `.execute(db);
  const { from, to } = rows[0] ?? { from: null, to: null };
  return from && to ? { from, to } : null;
}

const shown = (value: unknown): string => {
  const text = value === undefined ? '(none)' : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
};

async function compareFigures(
  embedded: Kysely<Database>,
  postgres: Kysely<Database>,
  period: Period,
  differences: Difference[],
): Promise<number> {
  const [embeddedDays, postgresDays, embeddedTotal, postgresTotal] = await Promise.all([
    readDailyFigures(embedded, period),
    readDailyFigures(postgres, period),
    readFigures(embedded, period),
    readFigures(postgres, period),
  ]);
  type Values = Record<string, unknown>;
  const byDate = (days: typeof embeddedDays) => new Map<string, Values>(days.map((d) => [d.date, d]));
  const [e, p] = [byDate(embeddedDays), byDate(postgresDays)];
  const dates = [...new Set([...e.keys(), ...p.keys()])].sort();
  const readings: { when: string; inEmbedded: Values | undefined; inPostgres: Values | undefined }[] = [
    ...dates.map((date) => ({ when: date, inEmbedded: e.get(date), inPostgres: p.get(date) })),
    { when: `${period.from}…${period.to}`, inEmbedded: embeddedTotal, inPostgres: postgresTotal },
  ];
  for (const { when, inEmbedded, inPostgres } of readings)
    for (const name of figureNames) {
      const [embeddedValue, postgresValue] = [shown(inEmbedded?.[name]), shown(inPostgres?.[name])];
      if (embeddedValue !== postgresValue)
        differences.push({
          what: `figure ${name} on ${when}`,
          embedded: embeddedValue,
          postgres: postgresValue,
        });
    }
  return dates.length;
}

/** A tab's answer as sorted lines, one per row (an answer that is not a list is one line). */
const rowsOf = (answer: unknown): string[] =>
  (Array.isArray(answer) ? answer : [answer]).map((row) => JSON.stringify(row)).sort();

async function compareTabs(
  embedded: Kysely<Database>,
  postgres: Kysely<Database>,
  period: Period,
  differences: Difference[],
): Promise<number> {
  const tabs = Object.entries(tabReadsOf(defaultRevenueCurrency)) as [
    string,
    (db: Kysely<Database>, period: Period) => Promise<unknown>,
  ][];
  for (const [name, read] of tabs) {
    const [inEmbedded, inPostgres] = await Promise.all([read(embedded, period), read(postgres, period)]);
    const [e, p] = [rowsOf(inEmbedded), rowsOf(inPostgres)];
    const onlyEmbedded = e.filter((row) => !p.includes(row));
    const onlyPostgres = p.filter((row) => !e.includes(row));
    if (e.length !== p.length || onlyEmbedded.length || onlyPostgres.length)
      differences.push({
        what: `tab ${name} over ${period.from}…${period.to} (${e.length} rows embedded, ${p.length} in PostgreSQL)`,
        embedded: onlyEmbedded[0] ? shown(JSON.parse(onlyEmbedded[0])) : '(no other row)',
        postgres: onlyPostgres[0] ? shown(JSON.parse(onlyPostgres[0])) : '(no other row)',
      });
  }
  return tabs.length;
}

/**
 * Reads the dashboard from both databases and answers what differs. `tables` are the embedded database's
 * (readTables). The reads take the dates as given: the period's zone only names "today", which none asks.
 */
export async function compareDashboard(
  embedded: Kysely<Database>,
  postgres: Kysely<Database>,
  tables: readonly TableShape[],
): Promise<DashboardComparison> {
  const range = await dailyRange(embedded, tables);
  const today = new Date().toISOString().slice(0, 10);
  const period: Period = { timeZone: 'UTC', ...(range ?? { from: today, to: today }) };
  const differences: Difference[] = [];
  const days = range ? await compareFigures(embedded, postgres, period, differences) : 0;
  const tabs = await compareTabs(embedded, postgres, period, differences);
  return { range, days, figures: figureNames.length, tabs, differences };
}
