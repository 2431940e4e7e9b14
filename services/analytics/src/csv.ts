// CSV for the dashboard's exports. A cell that starts with = + - @ (or a tab / carriage return) would be
// run as a formula by a spreadsheet (CSV/formula injection, OWASP); offer titles, referrers and visitor
// ids come from the public, so such cells are prefixed with a quote and shown as text.
import { stringify } from 'csv-stringify/sync';

const formulaStart = /^[=+\-@\t\r]/;

export const neutraliseFormula = (value: string): string => (formulaStart.test(value) ? `'${value}` : value);

export interface CsvColumn<Row> {
  key: keyof Row & string;
  header?: string;
}

export function toCsv<Row extends object>(rows: Row[], columns: CsvColumn<Row>[]): string {
  return stringify(rows, {
    // A byte-order mark so spreadsheet programs read the Romanian diacritics as UTF-8.
    bom: true,
    header: true,
    columns: columns.map((c) => ({ key: c.key, header: c.header ?? c.key })),
    cast: { string: neutraliseFormula },
  });
}
