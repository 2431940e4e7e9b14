// Runs the timestamp-named migrations of ./migrations with kysely's Migrator. The migrations are
// imported statically so that bundlers and the embedded mode find them without a file system scan.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { refuseNewerRelease } from './newer-release';
import * as initial from './migrations/2026-11-21T0900_initial';
import * as shareCardsNewsletterOptIn from './migrations/2026-11-23T0100_share_cards_newsletter_opt_in';
import * as serviceSecrets from './migrations/2026-11-23T0200_service_secrets';
import * as botEvents from './migrations/2026-11-23T0400_bot_events';
import * as engagedVisits from './migrations/2026-11-23T0500_engaged_visits';
import * as orderedFunnel from './migrations/2026-11-23T0600_ordered_funnel';
import * as visitorConversions from './migrations/2026-11-23T0800_visitor_conversions';
import * as uniqueClicks from './migrations/2026-11-23T0900_unique_clicks';
import * as formSnapshots from './migrations/2026-11-23T1000_form_snapshots';
import * as offerManagement from './migrations/2026-11-23T1100_offer_management';
import * as offerImpressions from './migrations/2026-11-23T1200_offer_impressions';
import * as offerConversions from './migrations/2026-11-23T1210_offer_conversions';
import * as weeklyDigest from './migrations/2026-11-23T1220_weekly_digest';
import * as campaigns from './migrations/2026-11-23T1221_campaigns';
import * as monthlyPartitions from './migrations/2026-11-23T1240_monthly_partitions';
import * as clickVisitorKey from './migrations/2026-11-23T1250_click_visitor_key';
import * as visitElapsedTime from './migrations/2026-11-27T0100_visit_elapsed_time';
import * as funnelByStep from './migrations/2026-11-27T0200_funnel_by_step';
import * as returningVisitors from './migrations/2026-11-27T0300_returning_visitors';
import * as rateLimitCounters from './migrations/2026-11-28T0100_rate_limit_counters';
import * as offerSegments from './migrations/2026-11-28T0200_offer_segments';
import * as checkedClicks from './migrations/2026-11-28T0300_checked_clicks';
import * as alerts from './migrations/2026-11-28T0400_alerts';
import * as adminTwoFactor from './migrations/2026-11-28T0500_admin_two_factor';
import * as adminRolesApiKeys from './migrations/2026-11-28T0600_admin_roles_api_keys';
import * as annotations from './migrations/2026-11-28T0700_annotations';
import * as sharedViews from './migrations/2026-11-28T0710_shared_views';
import * as legalPageLocales from './migrations/2026-11-28T0800_legal_page_locales';
import * as clickVerdictIndexes from './migrations/2026-11-28T0900_click_verdict_indexes';

const migrations: Record<string, Migration> = {
  '2026-11-21T0900_initial': initial,
  '2026-11-23T0100_share_cards_newsletter_opt_in': shareCardsNewsletterOptIn,
  '2026-11-23T0200_service_secrets': serviceSecrets,
  '2026-11-23T0400_bot_events': botEvents,
  '2026-11-23T0500_engaged_visits': engagedVisits,
  '2026-11-23T0600_ordered_funnel': orderedFunnel,
  '2026-11-23T0800_visitor_conversions': visitorConversions,
  '2026-11-23T0900_unique_clicks': uniqueClicks,
  '2026-11-23T1000_form_snapshots': formSnapshots,
  '2026-11-23T1100_offer_management': offerManagement,
  '2026-11-23T1200_offer_impressions': offerImpressions,
  '2026-11-23T1210_offer_conversions': offerConversions,
  '2026-11-23T1220_weekly_digest': weeklyDigest,
  '2026-11-23T1221_campaigns': campaigns,
  '2026-11-23T1240_monthly_partitions': monthlyPartitions,
  '2026-11-23T1250_click_visitor_key': clickVisitorKey,
  '2026-11-27T0100_visit_elapsed_time': visitElapsedTime,
  '2026-11-27T0200_funnel_by_step': funnelByStep,
  '2026-11-27T0300_returning_visitors': returningVisitors,
  '2026-11-28T0100_rate_limit_counters': rateLimitCounters,
  '2026-11-28T0200_offer_segments': offerSegments,
  '2026-11-28T0300_checked_clicks': checkedClicks,
  '2026-11-28T0400_alerts': alerts,
  '2026-11-28T0500_admin_two_factor': adminTwoFactor,
  '2026-11-28T0600_admin_roles_api_keys': adminRolesApiKeys,
  '2026-11-28T0700_annotations': annotations,
  '2026-11-28T0710_shared_views': sharedViews,
  '2026-11-28T0800_legal_page_locales': legalPageLocales,
  '2026-11-28T0900_click_verdict_indexes': clickVerdictIndexes,
};

export { NewerReleaseDatabaseError } from './newer-release';

/** The migrations this tree knows, oldest first (test templates are named after them). */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

class StaticMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
const migratorOf = (db: Kysely<any>): Migrator =>
  new Migrator({ db, provider: new StaticMigrationProvider() });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  await refuseNewerRelease(db, migrationNames);
  const { error, results } = await migratorOf(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Migrates up or down until `name` is the last migration applied (rolling a release back, and tests of a
 * migration's data step: down to the one before it, old-shaped rows in, then migrateToLatest).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  if (!migrationNames.includes(name)) throw new Error(`no migration named ${name}`);
  await refuseNewerRelease(db, migrationNames);
  const { error } = await migratorOf(db).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
