// What the aggregator decides about an event once, before any applier sees it (the shape of Plausible's and
// PostHog's ingestion pipelines): the operator's date of its receipt, the visitor it counts as, and whether
// it is a bot's. The raw-row mappers and the appliers read these fields and never work them out again.
import type { Envelope, TopicKey, TopicPayload } from '@bodymetrics/contracts';
import { isBotEvent } from './bots';
import { localDate } from './local-date';

/** A payload that always names its visitor is counted as someone; a click or a snapshot may name nobody. */
type CountedVisitorOf<P> = P extends { visitorId: string } ? string : string | null;

export interface Enrichment<P> {
  /** The calendar date of receipt in the operator's time zone (ANALYTICS_TZ): the day every row it moves is of. */
  date: string;
  /**
   * The counted visitor (docs/counting.md): the server's daily visitor key, or the visitor id of an
   * event from before tracking stamped the key; null for an event that names no visitor.
   */
  visitor: CountedVisitorOf<P>;
  /** Left out of every figure: tracking's decision, or the User-Agent rule for an event from before it. */
  isBot: boolean;
}

export type Enriched<P> = Envelope<P> & Enrichment<P>;

const keyOrId = (p: { visitorKey?: string; visitorId: string }): string => p.visitorKey ?? p.visitorId;

/** Each topic's visitor and bot verdict, from the fields its payload carries. */
const decide: {
  [K in TopicKey]: (p: TopicPayload<K>) => Omit<Enrichment<TopicPayload<K>>, 'date'>;
} = {
  pageVisit: (p) => ({
    visitor: keyOrId(p),
    isBot: p.kind === 'visit' ? p.isBot : isBotEvent(p.isBot, p.requestUserAgent),
  }),
  journey: (p) => ({
    visitor: keyOrId(p),
    isBot: isBotEvent(p.isBot, p.requestUserAgent, p.userAgent),
  }),
  sessionDuration: (p) => ({ visitor: p.visitorId, isBot: isBotEvent(p.isBot, p.requestUserAgent) }),
  affiliateClick: (p) => ({
    visitor: p.visitorId ? keyOrId({ ...p, visitorId: p.visitorId }) : null,
    isBot: isBotEvent(p.isBot, p.userAgent),
  }),
  formSnapshot: (p) => ({ visitor: p.visitorId ?? null, isBot: isBotEvent(p.isBot) }),
  offerImpression: (p) => ({ visitor: keyOrId(p), isBot: p.isBot }),
};

export function enrich<K extends TopicKey>(
  topic: K,
  envelope: Envelope<TopicPayload<K>>,
  timeZone: string,
): Enriched<TopicPayload<K>> {
  return { ...envelope, date: localDate(envelope.receivedAt, timeZone), ...decide[topic](envelope.payload) };
}
