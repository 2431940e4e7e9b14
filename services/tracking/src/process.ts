// Tracking's adapters as a process makes them from its settings (docs/operating.md): the Kafka producer with
// its topics, the day's salt in Redis when REDIS_URL is set, and the small read-only Postgres pool of the
// offer checks. Used by tracking's own process (main.ts) and by a gateway that serves tracking in its own
// process (TRACKING_IN_PROCESS=1, the gateway's main.ts), so both run tracking on the same adapters.
import { Redis } from 'ioredis';
import { kafkaBusOf } from '@bodymetrics/bus';
import { trackingTopics } from '@bodymetrics/contracts';
import { createDb } from '@bodymetrics/db';
import { processVisitorKeys } from '@bodymetrics/service-kit';
import type { TrackingOptions } from './app';
import type { TrackingSettings } from './config';

export interface TrackingAdapters {
  options: TrackingOptions;
  /** Closes the producer, Redis and the pool; after the app that uses them. */
  close(): Promise<void>;
}

export async function trackingAdapters(
  config: TrackingSettings,
  log: { error: (details: object, message: string) => void },
): Promise<TrackingAdapters> {
  const bus = kafkaBusOf(config, 'tracking');
  await bus.ensureTopics(trackingTopics);
  // Several tracking processes must share the day's salt, or one visitor would count once per process.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  // A small pool: one query per offer-cache period per replica. A Postgres that is away fails the click
  // within a second (503), like a bus that is away.
  const db = createDb({ connectionString: config.DATABASE_URL, max: 2, connectionTimeoutMillis: 1000 });
  return {
    options: {
      bus,
      ipStorage: config.IP_STORAGE,
      visitorKeys: processVisitorKeys({
        timeZone: config.ANALYTICS_TZ,
        redis,
        keyPrefix: config.REDIS_KEY_PREFIX,
        log,
      }),
      db,
      offerCacheTtlMs: config.OFFER_CACHE_TTL_MS,
    },
    close: async () => {
      await bus.close();
      redis?.disconnect();
      await db.destroy();
    },
  };
}
