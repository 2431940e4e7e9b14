// CSV for the dashboard's exports. Offer titles, referrers, browser names and visitor ids come from the
// public, and a spreadsheet runs a cell that starts with = + - @ (or a tab / carriage return) as a
// formula (CSV/formula injection, OWASP "CSV Injection"). Two defences:
//   - csv-stringify quotes every field, so a `;` or `,` inside a value never starts a new cell — even in a
//     spreadsheet whose list separator is `;` (a Romanian Excel);
//   - our rule: a text field that has a formula trigger at its start, or right after a separator (`;`,
//     `,`, tab, CR, LF — optionally after spaces), is prefixed with a single quote, so a program that splits
//     differently than we quote (or a user who re-splits the column) still gets text, e.g.
//     `Chrome;=4+4` → `'Chrome;=4+4`. Numbers are written as numbers; they are never a formula.
import { stringify } from 'csv-stringify/sync';

/** = + - @ tab CR at the start of the value or of any `;` `,` tab CR LF separated part of it. */
const formulaTrigger = /(?:^|[;,\t\r\n]) *[=+\-@\t\r]/;

export const neutraliseFormula = (value: string): string =>
  formulaTrigger.test(value) ? `'${value}` : value;

export interface CsvColumn<Row> {
  key: keyof Row & string;
  header?: string;
}

export function toCsv<Row extends object>(rows: Row[], columns: CsvColumn<Row>[]): string {
  return stringify(rows, {
    // A byte-order mark so spreadsheet programs read the Romanian diacritics as UTF-8.
    bom: true,
    header: true,
    // Every field in double quotes (empty ones too): a separator inside a value stays inside its cell.
    quoted: true,
    quoted_empty: true,
    columns: columns.map((c) => ({ key: c.key, header: c.header ?? c.key })),
    cast: { string: neutraliseFormula },
  });
}
