// Builds and checks the versioned envelope `{ id, type, version, receivedAt, payload }`. The id is the
// caller's (a tracking call's eventId, so a call sent twice is one event) or else a fresh UUIDv7: time-ordered,
// so raw tables keyed by them stay append-friendly.
import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { isCheckedPayload, type Envelope, type TopicDefinition } from '@bodymetrics/contracts';

// The id a caller names must be a UUID whatever the payload: it is the event's identity downstream.
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BuildEnvelopeOptions {
  /**
   * Parse a `checkedPayload` again too (PUBLISH_RECHECK): a diagnostic, and the ingest benchmark's "validated
   * twice" path. Off: a checked payload is not parsed again (contracts' topics.ts says why).
   */
  recheck?: boolean;
}

export function buildEnvelope<P>(
  topic: TopicDefinition,
  payload: P,
  receivedAt = new Date(),
  id?: string,
  options: BuildEnvelopeOptions = {},
): Envelope<P> {
  if (!options.recheck && isCheckedPayload(payload)) {
    if (id !== undefined && !uuidPattern.test(id))
      throw new Error(`refusing to publish an invalid ${topic.type}: id Invalid UUID`);
    return {
      id: id?.toLowerCase() ?? uuidv7(),
      type: topic.type,
      version: 1,
      receivedAt: receivedAt.toISOString(),
      payload,
    };
  }
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

/**
 * The message header naming the contract its producer checked the envelope against: every envelope the bus
 * publishes was checked (built by buildEnvelope, or from a route's parsed body: a checked payload), so it
 * carries its topic's contract. A consumer of the same contract then only parses the JSON; a message
 * without the header (publishRaw, a producer of another release) is checked again in full.
 */
export const contractHeader = 'bm-contract';

const contracts = new WeakMap<TopicDefinition, string>();

/**
 * A topic's contract: a digest of its envelope schema as JSON Schema (bounds, patterns and enums included),
 * so a producer and a consumer agree only when they were built from the same schema. Worked out once.
 */
export function contractOf(topic: TopicDefinition): string {
  let contract = contracts.get(topic);
  if (!contract) {
    const schema = JSON.stringify(z.toJSONSchema(topic.envelope, { unrepresentable: 'any', io: 'input' }));
    contract = `${topic.type}:${createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
    contracts.set(topic, contract);
  }
  return contract;
}

/**
 * Decodes a consumed message. `contract`, the message's contractHeader: when it names this topic's contract
 * the producer checked the envelope already and the JSON is taken as it is; otherwise the envelope is
 * checked here (producers and consumers deploy separately).
 */
export function decodeEnvelope(topic: TopicDefinition, raw: string, contract?: string): Decoded {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (contract !== undefined && contract === contractOf(topic))
    return { ok: true, envelope: json as Envelope<unknown> };
  const checked = topic.envelope.safeParse(json);
  if (!checked.success) {
    return {
      ok: false,
      reason: checked.error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`).join('; '),
    };
  }
  return { ok: true, envelope: checked.data as Envelope<unknown> };
}
