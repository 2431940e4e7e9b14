// A deterministic stream of tracking events as the tracking service publishes them (envelope + payload
// with the server stamp), in the mix of the issue: page visits ~60 % (a tenth of them page_leave
// beacons), journey steps ~25 %, affiliate clicks ~5 %, session durations ~10 %. Visitors come back in
// several sessions; a session views a few pages. Same seed → same events (ids included), so the drain
// baseline can insert exactly the rows the aggregator applied.
import {
  topics,
  type Envelope,
  type TopicDefinition,
  type TopicKey,
  type TopicPayload,
} from '@bodymetrics/contracts';
import {
  affiliateClickBody,
  innerPages,
  journeyBody,
  pageLeaveBody,
  pageVisitBody,
  seededRandom,
  sessionDurationBody,
  visitorSession,
  type VisitorSession,
} from './traffic';

/** An event of one topic, as the tracking service would have published it. */
export interface GeneratedEventOf<K extends TopicKey> {
  topicKey: K;
  topic: TopicDefinition;
  key: string;
  envelope: Envelope<TopicPayload<K>>;
}
export type GeneratedEvent = { [K in TopicKey]: GeneratedEventOf<K> }[TopicKey];

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** A UUIDv7 (RFC 9562) for an instant, its random bits from the seeded generator. */
export function uuid7(ms: number, random: () => number): string {
  const time = hex(ms, 12);
  const r = () => Math.floor(random() * 0x10000);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hex(r() & 0xfff, 3)}-${hex(0x8000 | (r() & 0x3fff), 4)}-${hex(r(), 4)}${hex(r(), 4)}${hex(r(), 4)}`;
}

export interface EventStreamOptions {
  count: number;
  seed?: number;
  /** Events are spread evenly over [endMs − spanMs, endMs]. */
  endMs: number;
  spanMs: number;
  visitors?: number;
}

/** The topics, each key function typed by its topic's payload (so a generic topic key can call it). */
const keyed: { [K in TopicKey]: { key: (payload: TopicPayload<K>) => string } } = topics;

export const mix = { visit: 0.54, leave: 0.06, journey: 0.25, click: 0.05, duration: 0.1 } as const;

export function* eventStream(o: EventStreamOptions): Generator<GeneratedEvent> {
  const random = seededRandom(o.seed ?? 42);
  const visitors = o.visitors ?? Math.max(100, Math.round(o.count / 10));
  const active: { s: VisitorSession; views: number }[] = [];
  const activeSessions = 2000;
  let sessionSeq = 0;
  // What tracking stamps on every event it publishes (the aggregator trusts its isBot, as in production).
  const stamp = (s: VisitorSession) => ({
    ipAddress: `198.51.${Math.floor(random() * 255)}.0`,
    requestUserAgent: s.device.userAgent,
    isBot: s.device.browserName === 'Googlebot',
  });
  const startMs = o.endMs - o.spanMs;
  for (let i = 0; i < o.count; i++) {
    const ms = Math.floor(startMs + (o.spanMs * i) / o.count);
    const receivedAt = new Date(ms).toISOString();
    // About three page views per session: replace a session at that pace.
    if (active.length < activeSessions || random() < 0.2) {
      const fresh = { s: visitorSession(random, visitors, sessionSeq++), views: 0 };
      if (active.length < activeSessions) active.push(fresh);
      else active[Math.floor(random() * active.length)] = fresh;
    }
    const slot = active[Math.floor(random() * active.length)] as { s: VisitorSession; views: number };
    const s = slot.s;
    const r = random();
    // The id is drawn after the payload (the payload is built first): same seed, same events.
    const event = <K extends TopicKey>(topicKey: K, payload: TopicPayload<K>) => {
      const topic = topics[topicKey];
      const envelope = { id: uuid7(ms, random), type: topic.type, version: 1 as const, receivedAt, payload };
      return { topicKey, topic, key: keyed[topicKey].key(payload), envelope };
    };
    if (r < mix.visit) {
      const pageUrl =
        slot.views === 0
          ? s.arrival.pageUrl
          : `https://bodymetrics.example${innerPages[slot.views % innerPages.length]}`;
      slot.views++;
      yield event('pageVisit', {
        kind: 'visit',
        ...pageVisitBody(s, pageUrl),
        ...stamp(s),
      });
    } else if (r < mix.visit + mix.leave) {
      yield event('pageVisit', {
        kind: 'leave',
        ...pageLeaveBody(s, 'https://bodymetrics.example/results'),
        ...stamp(s),
      });
    } else if (r < mix.visit + mix.leave + mix.journey) {
      yield event('journey', { ...journeyBody(random, s), ...stamp(s) });
    } else if (r < mix.visit + mix.leave + mix.journey + mix.click) {
      const b = affiliateClickBody(random, s);
      yield event('affiliateClick', {
        offerId: b.offerId,
        offerTitle: random() < 0.7 ? b.offerTitle : null,
        offerUrl: random() < 0.7 ? b.offerUrl : null,
        visitorId: b.visitorId,
        referrer: b.referrer,
        userAgent: b.userAgent,
        ipAddress: stamp(s).ipAddress,
        isBot: s.device.browserName === 'Googlebot',
        source: random() < 0.7 ? 'results' : 'bridge',
      });
    } else {
      yield event('sessionDuration', {
        ...sessionDurationBody(random, s, 'https://bodymetrics.example/results'),
        requestUserAgent: s.device.userAgent,
        isBot: s.device.browserName === 'Googlebot',
      });
    }
  }
}
