// Runs the timestamp-named migrations of ./migrations with kysely's Migrator. The migrations are
// imported statically so that bundlers and the embedded mode find them without a file system scan.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/2026-11-21T0900_initial';
import * as shareCardsNewsletterOptIn from './migrations/2026-11-23T0100_share_cards_newsletter_opt_in';
import * as serviceSecrets from './migrations/2026-11-23T0200_service_secrets';
import * as botEvents from './migrations/2026-11-23T0400_bot_events';
import * as orderedFunnel from './migrations/2026-11-23T0500_ordered_funnel';

const migrations: Record<string, Migration> = {
  '2026-11-21T0900_initial': initial,
  '2026-11-23T0100_share_cards_newsletter_opt_in': shareCardsNewsletterOptIn,
  '2026-11-23T0200_service_secrets': serviceSecrets,
  '2026-11-23T0400_bot_events': botEvents,
  '2026-11-23T0500_ordered_funnel': orderedFunnel,
};

/** The migrations this tree knows, oldest first (test templates are named after them). */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

class StaticMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

/** kysely's Migrator over this tree's migrations (tests step a migration down and up again with it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export const migratorOf = (db: Kysely<any>): Migrator =>
  new Migrator({ db, provider: new StaticMigrationProvider() });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migratorOf(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
