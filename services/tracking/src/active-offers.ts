// The offers a click may name: the active rows of affiliate_offers, read all at once (the table is the
// operator's short list) and kept for `ttlMs`, so a click costs no query and an offer activated or
// deactivated in the table is seen within ttlMs on every replica without a restart. Tracking only reads.
import type { Db } from '@bodymetrics/db';

export interface ActiveOffer {
  id: number;
  title: string;
  url: string;
}

/** Postgres could not be asked: the click cannot be checked (the route answers 503, never 202). */
export class OffersUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the offers table could not be read', { cause });
    this.name = 'OffersUnavailableError';
  }
}

export interface ActiveOffers {
  /** The active offer with this id, or undefined; throws OffersUnavailableError when Postgres is away. */
  find(id: number): Promise<ActiveOffer | undefined>;
}

export const defaultOfferCacheTtlMs = 5_000;
/** The event's limits (contracts' shortTextSchema and pageUrlSchema). */
const titleMax = 256;
const urlMax = 2048;

export function activeOffersOf(db: Db, ttlMs: number = defaultOfferCacheTtlMs): ActiveOffers {
  let cached: { readAt: number; offers: Map<number, ActiveOffer> } | undefined;
  // Concurrent clicks after expiry share one query.
  let reading: Promise<Map<number, ActiveOffer>> | undefined;

  const read = async (): Promise<Map<number, ActiveOffer>> => {
    const readAt = Date.now();
    let rows: { id: number; title: string; url: string }[];
    try {
      rows = await db
        .selectFrom('affiliate_offers')
        .select(['id', 'title', 'url'])
        .where('active', '=', true)
        .execute();
    } catch (err) {
      throw new OffersUnavailableError(err);
    }
    // Bounded like every string on the bus (the event schema's limits), whatever the table holds.
    const offers = new Map(
      rows.map((r) => [r.id, { id: r.id, title: r.title.slice(0, titleMax), url: r.url.slice(0, urlMax) }]),
    );
    cached = { readAt, offers };
    return offers;
  };

  return {
    async find(id) {
      const fresh = cached && Date.now() - cached.readAt < ttlMs ? cached.offers : undefined;
      if (fresh) return fresh.get(id);
      reading ??= read().finally(() => {
        reading = undefined;
      });
      return (await reading).get(id);
    },
  };
}
