// How many migrations a restored database had applied, for the restore's report (the server applies the
// later ones at its start). A database never migrated has no migrations table: 0.
type Query = (text: string) => Promise<Record<string, unknown>[]>;

export async function appliedMigrations(query: Query): Promise<number> {
  // Qualified names: an embedded snapshot's script empties search_path for its session.
  const [table] = await query(`select to_regclass('public.kysely_migration') is not null as present`);
  if (table?.present !== true) return 0;
  const [count] = await query('select count(*)::int as n from public.kysely_migration');
  return Number(count?.n ?? 0);
}
