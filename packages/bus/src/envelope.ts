// Builds and checks the versioned envelope `{ id, type, version, receivedAt, payload }`. The id is the
// caller's (a tracking call's eventId, so a call sent twice is one event) or else a fresh UUIDv7: time-ordered,
// so raw tables keyed by them stay append-friendly.
import { v7 as uuidv7 } from 'uuid';
import type { Envelope, TopicDefinition } from '@bodymetrics/contracts';

export function buildEnvelope<P>(
  topic: TopicDefinition,
  payload: P,
  receivedAt = new Date(),
  id?: string,
): Envelope<P> {
  const envelope = {
    // Lowercase: Postgres answers a uuid in lowercase, and the appliers match the ids it answers to the events'.
    id: id?.toLowerCase() ?? uuidv7(),
    type: topic.type,
    version: 1 as const,
    receivedAt: receivedAt.toISOString(),
    payload,
  };
  const checked = topic.envelope.safeParse(envelope);
  if (!checked.success) {
    throw new Error(
      `refusing to publish an invalid ${topic.type}: ${checked.error.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; ')}`,
    );
  }
  return checked.data as Envelope<P>;
}

export type Decoded = { ok: true; envelope: Envelope<unknown> } | { ok: false; reason: string };

/** Validates a consumed message again on the consuming side: producers and consumers deploy separately. */
export function decodeEnvelope(topic: TopicDefinition, raw: string): Decoded {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const checked = topic.envelope.safeParse(json);
  if (!checked.success) {
    return {
      ok: false,
      reason: checked.error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`).join('; '),
    };
  }
  return { ok: true, envelope: checked.data as Envelope<unknown> };
}
