// The tables of a database as its own catalogue describes them — columns and their types, primary key,
// identity sequences, the tables each one references — read the same way from PGlite and from PostgreSQL.
// The move copies what the catalogue lists rather than a list written here, so a table a later migration
// adds is moved without a change to this code.
import { sql, type Kysely } from 'kysely';

export interface TableColumn {
  name: string;
  /** As format_type gives it (`timestamp with time zone`, `integer[]`): what a text value is cast to. */
  type: string;
  /** The sequence behind an identity or serial column, schema-qualified. */
  sequence: string | null;
}

export interface TableShape {
  name: string;
  columns: TableColumn[];
  /** The primary key's columns, in key order: the order rows are read in, batch after batch. */
  key: string[];
  /** Whether a column is GENERATED ALWAYS AS IDENTITY: inserting its values needs OVERRIDING SYSTEM VALUE. */
  hasIdentity: boolean;
  /** The tables this one's foreign keys reference (itself left out). */
  references: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read from the catalogue, whatever the schema
type AnyDb = Kysely<any>;

/** The tables of the current schema (a partitioned table once, its partitions not), in dependency order. */
export async function readTables(db: AnyDb): Promise<TableShape[]> {
  const [columns, keys, references] = await Promise.all([
    sql<{ table: string; column: string; type: string; identity: string; sequence: string | null }>`
      select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
        a.attidentity as identity, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname, a.attnum
    `.execute(db),
    sql<{ table: string; column: string }>`
      select c.relname as table, a.attname as column
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      cross join lateral unnest(i.indkey) with ordinality k(attnum, position)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indisprimary and c.relnamespace = current_schema()::regnamespace and not c.relispartition
      order by c.relname, k.position
    `.execute(db),
    sql<{ table: string; referenced: string }>`
      select distinct c.relname as table, r.relname as referenced
      from pg_constraint f
      join pg_class c on c.oid = f.conrelid
      join pg_class r on r.oid = f.confrelid
      where f.contype = 'f' and c.relnamespace = current_schema()::regnamespace and not c.relispartition
        and f.conrelid <> f.confrelid
    `.execute(db),
  ]);
  const tables = new Map<string, TableShape>();
  const tableOf = (name: string): TableShape => {
    let table = tables.get(name);
    if (!table)
      tables.set(name, (table = { name, columns: [], key: [], hasIdentity: false, references: [] }));
    return table;
  };
  for (const c of columns.rows) {
    const table = tableOf(c.table);
    table.columns.push({ name: c.column, type: c.type, sequence: c.sequence });
    if (c.identity === 'a') table.hasIdentity = true;
  }
  for (const k of keys.rows) tableOf(k.table).key.push(k.column);
  for (const r of references.rows) tableOf(r.table).references.push(r.referenced);
  return inDependencyOrder([...tables.values()]);
}

/** Each table after the tables it references (names in alphabetical order where nothing decides). */
export function inDependencyOrder(tables: readonly TableShape[]): TableShape[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: TableShape) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`the foreign keys of ${table.name} go round in a circle`);
    visiting.add(table.name);
    for (const name of [...table.references].sort()) {
      const referenced = byName.get(name);
      if (referenced) place(referenced);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) place(table);
  return ordered;
}
