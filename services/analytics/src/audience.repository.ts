// Traffic Sources, Devices & Browsers and Geography tabs: per-day visitor counts summed over the period,
// largest first (ties by name, so the order is stable between refreshes).
import { sql, type Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';
import type { DeviceStatsRow, GeographicStatsRow, TrafficSourceRow } from '@bodymetrics/contracts';
import { firstDateOf, lastDateOf, type Period } from './period';
import { percentOneDecimal, percentOneDecimalOrNull, toNumber } from './numbers';

export async function readTrafficSources(db: Kysely<Database>, period: Period): Promise<TrafficSourceRow[]> {
  const rows = await db
    .selectFrom('daily_traffic')
    .select([
      'source',
      'medium',
      'referrer_domain',
      sql<string>`sum(visitors)`.as('visitors'),
      sql<string>`sum(converted)`.as('converted'),
      sql<string>`sum(clicks)`.as('clicks'),
      sql<string>`sum(suspicious_clicks)`.as('suspicious_clicks'),
    ])
    .where('date', '>=', firstDateOf(period))
    .where('date', '<=', lastDateOf(period))
    .groupBy(['source', 'medium', 'referrer_domain'])
    .orderBy(sql`sum(visitors)`, 'desc')
    .orderBy('source')
    .orderBy('medium')
    .orderBy('referrer_domain')
    .execute();
  return rows.map((r) => {
    const visitors = toNumber(r.visitors);
    const suspiciousClicks = toNumber(r.suspicious_clicks);
    return {
      source: r.source,
      medium: r.medium,
      // The aggregate keys "no referrer" as '' (part of its primary key); the read model says null.
      referrerDomain: r.referrer_domain === '' ? null : r.referrer_domain,
      count: visitors,
      conversionRate: percentOneDecimal(toNumber(r.converted), visitors),
      suspiciousClicks,
      suspiciousShare: percentOneDecimalOrNull(suspiciousClicks, toNumber(r.clicks)),
    };
  });
}

export async function readDeviceStats(db: Kysely<Database>, period: Period): Promise<DeviceStatsRow[]> {
  const rows = await db
    .selectFrom('daily_devices')
    .select(['device_type', 'browser_name', 'operating_system', sql<string>`sum(visitors)`.as('visitors')])
    .where('date', '>=', firstDateOf(period))
    .where('date', '<=', lastDateOf(period))
    .groupBy(['device_type', 'browser_name', 'operating_system'])
    .orderBy(sql`sum(visitors)`, 'desc')
    .orderBy('device_type')
    .orderBy('browser_name')
    .orderBy('operating_system')
    .execute();
  return rows.map((r) => ({
    deviceType: r.device_type,
    browserName: r.browser_name,
    operatingSystem: r.operating_system,
    count: toNumber(r.visitors),
  }));
}

export async function readGeographicStats(
  db: Kysely<Database>,
  period: Period,
): Promise<GeographicStatsRow[]> {
  const rows = await db
    .selectFrom('daily_geo')
    .select(['time_zone', 'language', sql<string>`sum(visitors)`.as('visitors')])
    .where('date', '>=', firstDateOf(period))
    .where('date', '<=', lastDateOf(period))
    .groupBy(['time_zone', 'language'])
    .orderBy(sql`sum(visitors)`, 'desc')
    .orderBy('time_zone')
    .orderBy('language')
    .execute();
  return rows.map((r) => ({ timeZone: r.time_zone, language: r.language, count: toNumber(r.visitors) }));
}
