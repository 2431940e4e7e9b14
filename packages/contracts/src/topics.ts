// One module names every topic (PostHog's config/kafka-topics.ts): the name, the event type it carries,
// its payload schema and how it is keyed. Key = visitorId unless said (clicks by the visitor as counted).
import type { z } from 'zod';
import {
  affiliateClickEventSchema,
  envelopeSchema,
  formSnapshotEventSchema,
  journeyEventSchema,
  offerImpressionEventSchema,
  pageVisitEventSchema,
  sessionDurationEventSchema,
} from './events';

export interface TopicDefinition<S extends z.ZodType = z.ZodType> {
  /** Base name; deployments and tests may prefix it (see `topicName`). */
  name: string;
  type: string;
  payload: S;
  envelope: z.ZodType;
  key: (payload: z.infer<S>) => string;
}

const topic = <S extends z.ZodType>(
  name: string,
  type: string,
  payload: S,
  key: (p: z.infer<S>) => string,
): TopicDefinition<S> => ({
  name,
  type,
  payload,
  envelope: envelopeSchema(type, payload),
  key,
});

export const topics = {
  pageVisit: topic('tracking.page-visit.v1', 'page_visit', pageVisitEventSchema, (p) => p.visitorId),
  sessionDuration: topic(
    'tracking.session-duration.v1',
    'session_duration',
    sessionDurationEventSchema,
    (p) => p.visitorId,
  ),
  journey: topic('tracking.journey.v1', 'journey', journeyEventSchema, (p) => p.visitorId),
  // By the visitor as counted, so one visitor's clicks go to one partition and are applied in the order they
  // came, whichever offer: the click verdict's per-visitor rules (the aggregator's suspicion.ts) see each
  // earlier click. The counter call names nobody: by its offer.
  affiliateClick: topic(
    'tracking.affiliate-click.v1',
    'affiliate_click',
    affiliateClickEventSchema,
    (p) => p.visitorKey ?? p.visitorId ?? String(p.offerId),
  ),
  // The form snapshot's topic and event type keep the names they were deployed under (wire names, like the
  // spec's /api/session/store): renaming a live topic loses the events still on the old one unless both are
  // consumed for a release, and nothing is gained but the word. Everywhere else it is `formSnapshot`.
  formSnapshot: topic(
    'tracking.form-session.v1',
    'form_session',
    formSnapshotEventSchema,
    (p) => p.visitorId ?? p.sessionId ?? 'anonymous',
  ),
  offerImpression: topic(
    'tracking.offer-impression.v1',
    'offer_impression',
    offerImpressionEventSchema,
    (p) => p.visitorId,
  ),
} as const;

export type TopicKey = keyof typeof topics;
/** The payload a topic carries (`TopicPayload<'pageVisit'>` is PageVisitEvent). */
export type TopicPayload<K extends TopicKey> = z.infer<(typeof topics)[K]['payload']>;
export const trackingTopics: TopicDefinition[] = Object.values(topics) as TopicDefinition[];

/** The dead-letter topic of a topic: the message that could not be applied, with the reason. */
export const deadLetterTopicName = (name: string) => `${name}.dlq`;

/** Prefixed topic name: tests use a prefix per file so they never see each other's messages. */
export const topicName = (prefix: string, name: string) => `${prefix}${name}`;

// A checked payload: tracking's routes parse the request body with the route's schema and
// add only fields the server makes itself within the payload schema's bounds (the truncated address, the
// User-Agent cut to 1,024 characters, the bot flag, the visitor key). Parsing the whole envelope again before
// publishing checked nothing new and cost a measurable part of the ingest path's CPU (docs/performance.md),
// so a payload marked here skips the publish-side parse. The message still has one contract: the topic's
// envelope schema, which every consumer applies when it decodes (producers and consumers deploy apart).
// The mark is a WeakSet entry, not a field: nothing reaches the wire, a copy of the object is unmarked, and
// a second copy of this module (which would not know the mark) falls back to validating — the safe side.
declare const checkedMark: unique symbol;
/** A payload built from an already-parsed body (see `checkedPayload`); the bus does not parse it again. */
export type CheckedPayload<P> = P & { readonly [checkedMark]: true };

const checkedPayloads = new WeakSet<object>();

/**
 * Marks `payload` as built from a body the route schema already parsed plus server-made fields within the
 * topic's bounds. Only for such payloads: one holding anything else (a database value, a caller's value that
 * no schema saw) must be published unmarked, so the bus validates it.
 */
export function checkedPayload<S extends z.ZodType>(
  _topic: TopicDefinition<S>,
  payload: z.output<S>,
): CheckedPayload<z.output<S>> {
  if (typeof payload === 'object' && payload !== null) checkedPayloads.add(payload);
  return payload as CheckedPayload<z.output<S>>;
}

/** Whether `payload` was marked by `checkedPayload` (and not copied since). */
export const isCheckedPayload = (payload: unknown): boolean =>
  typeof payload === 'object' && payload !== null && checkedPayloads.has(payload);
