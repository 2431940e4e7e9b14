// One module names every topic (PostHog's config/kafka-topics.ts): the name, the event type it carries,
// its payload schema and how it is keyed. Key = visitorId unless said (clicks are keyed by offer).
import type { z } from 'zod';
import {
  affiliateClickEventSchema,
  envelopeSchema,
  formSnapshotEventSchema,
  journeyEventSchema,
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
  affiliateClick: topic('tracking.affiliate-click.v1', 'affiliate_click', affiliateClickEventSchema, (p) =>
    String(p.offerId),
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
} as const;

export type TopicKey = keyof typeof topics;
/** The payload a topic carries (`TopicPayload<'pageVisit'>` is PageVisitEvent). */
export type TopicPayload<K extends TopicKey> = z.infer<(typeof topics)[K]['payload']>;
export const trackingTopics: TopicDefinition[] = Object.values(topics) as TopicDefinition[];

/** The dead-letter topic of a topic: the message that could not be applied, with the reason. */
export const deadLetterTopicName = (name: string) => `${name}.dlq`;

/** Prefixed topic name: tests use a prefix per file so they never see each other's messages. */
export const topicName = (prefix: string, name: string) => `${prefix}${name}`;
