// The db package types `Generated<Timestamp>` columns as a nested ColumnType, which kysely does not
// unwrap on select; pg returns a Date for every timestamptz, so the value is read as one here.
export const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
