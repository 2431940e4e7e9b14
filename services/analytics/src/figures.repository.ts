// The figures catalogue (contracts' figures.ts) read from the daily aggregates: the one implementation of
// every dashboard figure. A period's figures are computed from sums of its daily rows — one query per
// aggregate table, whatever the number of figures — and each ratio from the sums; a day's figures are the
// one-day period's. The overview, its comparison, the figures export and the weekly digest read here.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@bodymetrics/db';
import {
  dailySums,
  figureNames,
  figures,
  type DailySum,
  type Figure,
  type FigureName,
  type FigureValues,
} from '@bodymetrics/contracts';
import { firstDateOf, lastDateOf, type Period } from './period';
import { percent, ratio, toNumber } from './numbers';

type Sums = Record<DailySum, number>;
/** The dates a read covers, both included (a dashboard period, a digest's week). */
type DateRange = Pick<Period, 'from' | 'to'>;

/** The catalogue's sums grouped by the table they come from: one query per table. */
const sumsByTable = new Map<string, { name: DailySum; column: string }[]>();
for (const [name, [table, column]] of Object.entries(dailySums) as [DailySum, readonly [string, string]][])
  sumsByTable.set(table, [...(sumsByTable.get(table) ?? []), { name, column }]);

const money = (amount: number): number => Math.round(amount * 100) / 100;

/** A figure's value from the period's sums (a `top` figure is read apart: topOf). */
function valueOf(figure: Figure, sums: Sums): number {
  const { compute } = figure;
  if ('sum' in compute) {
    const total = sums[compute.sum];
    return figure.unit === 'money' ? money(total) : total;
  }
  if ('ratio' in compute) {
    const [numerator, denominator] = compute.ratio;
    return figure.unit === 'percent'
      ? percent(sums[numerator], sums[denominator])
      : ratio(sums[numerator], sums[denominator]);
  }
  throw new Error('a top figure has no value from sums');
}

const between = (period: DateRange): [RawBuilder<string>, RawBuilder<string>] => [
  firstDateOf(period),
  lastDateOf(period),
];

/** Every catalogue sum over the period, per day (`byDay`) or in all. */
async function readSums(db: Kysely<Database>, period: DateRange, byDay: boolean): Promise<Map<string, Sums>> {
  const [first, last] = between(period);
  const out = new Map<string, Sums>();
  const sumsOf = (date: string) => {
    let sums = out.get(date);
    if (!sums) out.set(date, (sums = Object.fromEntries(Object.keys(dailySums).map((k) => [k, 0])) as Sums));
    return sums;
  };
  await Promise.all(
    [...sumsByTable].map(async ([table, columns]) => {
      const { rows } = await sql<Record<string, string | null>>`
        select ${byDay ? sql`date::text as date,` : sql``}
          ${sql.join(columns.map((c) => sql`coalesce(sum(${sql.ref(c.column)}), 0) as ${sql.ref(c.name)}`))}
        from ${sql.table(table)}
        where date >= ${first} and date <= ${last}
        ${byDay ? sql`group by date` : sql``}
      `.execute(db);
      for (const row of rows) {
        const sums = sumsOf(byDay ? String(row.date) : '');
        for (const c of columns) sums[c.name] = toNumber(row[c.name]);
      }
    }),
  );
  if (!byDay) sumsOf('');
  return out;
}

type TopFigure = Extract<Figure['compute'], { top: unknown }>['top'];

/** A `top` figure over the period, per day or in all: the group with the largest sum (ties: alphabetical). */
async function readTops(
  db: Kysely<Database>,
  period: DateRange,
  top: TopFigure,
  byDay: boolean,
): Promise<Map<string, string>> {
  const [first, last] = between(period);
  const day = byDay ? sql`date::text` : sql`''`;
  const { rows } = await sql<{ day: string; value: string }>`
    select distinct on (day) day, value from (
      select ${day} as day, ${sql.ref(top.group)} as value, sum(${sql.ref(top.by)}) as total
      from ${sql.table(top.table)}
      where date >= ${first} and date <= ${last}
      group by 1, 2
      having sum(${sql.ref(top.by)}) > 0
    ) totals
    order by day, total desc, value
  `.execute(db);
  return new Map(rows.map((r) => [r.day, r.value]));
}

const topFigures = figureNames.flatMap((name) => {
  const compute: Figure['compute'] = figures[name].compute;
  return 'top' in compute ? [{ name, top: compute.top }] : [];
});

function figuresOf(sums: Sums, tops: Map<FigureName, string | undefined>): FigureValues {
  const values: Record<string, number | string> = {};
  for (const name of figureNames) {
    const figure: Figure = figures[name];
    const compute = figure.compute;
    values[name] = 'top' in compute ? (tops.get(name) ?? compute.top.otherwise) : valueOf(figure, sums);
  }
  return values as FigureValues;
}

/** Every figure of the catalogue over `period`. */
export async function readFigures(db: Kysely<Database>, period: DateRange): Promise<FigureValues> {
  const [sums, tops] = await Promise.all([
    readSums(db, period, false),
    Promise.all(
      topFigures.map(async (t) => [t.name, (await readTops(db, period, t.top, false)).get('')] as const),
    ),
  ]);
  return figuresOf(sums.get('') as Sums, new Map(tops));
}

/** Every figure of the catalogue for each day of `period` that has any daily row, oldest first. */
export async function readDailyFigures(
  db: Kysely<Database>,
  period: DateRange,
): Promise<({ date: string } & FigureValues)[]> {
  const [sums, tops] = await Promise.all([
    readSums(db, period, true),
    Promise.all(topFigures.map(async (t) => [t.name, await readTops(db, period, t.top, true)] as const)),
  ]);
  return [...sums.keys()].sort().map((date) => ({
    date,
    ...figuresOf(sums.get(date) as Sums, new Map(tops.map(([name, byDay]) => [name, byDay.get(date)]))),
  }));
}
