import type { Bus } from '@bodymetrics/bus';
import type { Db } from '@bodymetrics/db';
import type { IpStorage, VisitorKeys } from '@bodymetrics/service-kit';

export interface TrackingDeps {
  bus: Bus;
  ipStorage: IpStorage;
  /** The counted visitor of each event (docs/counting.md). */
  visitorKeys: VisitorKeys;
  /** Read only: the offers a click may name (active-offers.ts). */
  db: Db;
  /** How long the active offers are kept between reads (OFFER_CACHE_TTL_MS); default 5 s. */
  offerCacheTtlMs?: number;
}
