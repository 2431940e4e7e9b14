// A checked payload (contracts' `checkedPayload`) is published without parsing the envelope again; anything
// else still is. Shown by a payload that breaks the schema: refused unmarked, let through marked (the mark is
// the caller's promise), refused again with `recheck`. On the consuming side the envelope is checked once
// more unless the message names the consumer's own contract (contractHeader): a producer of another schema,
// or a message written without the header, is checked in full.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkedPayload,
  envelopeSchema,
  isCheckedPayload,
  topics,
  type JourneyEvent,
  type TopicDefinition,
} from '@bodymetrics/contracts';
import { buildEnvelope, contractOf, decodeEnvelope } from './envelope';

const step: JourneyEvent = {
  visitorId: 'v',
  sessionId: 's',
  step: 'landing',
  ipAddress: null,
  requestUserAgent: null,
};
const receivedAt = new Date('2026-11-23T10:00:00.000Z');
const id = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('envelopes of checked payloads', () => {
  it('builds the same envelope, checked or not, for a valid payload', () => {
    const plain = buildEnvelope(topics.journey, { ...step }, receivedAt, id);
    const checked = buildEnvelope(
      topics.journey,
      checkedPayload(topics.journey, { ...step }),
      receivedAt,
      id,
    );
    expect(checked).toEqual(plain);
    expect(JSON.stringify(checked)).toBe(JSON.stringify(plain));
    expect(checked).toEqual({
      id,
      type: 'journey',
      version: 1,
      receivedAt: '2026-11-23T10:00:00.000Z',
      payload: step,
    });
  });

  it('skips the parse only for a marked payload, and only without recheck', () => {
    // 129 characters: one over visitorIdSchema's 128.
    const tooLong = { ...step, visitorId: 'x'.repeat(129) };
    expect(() => buildEnvelope(topics.journey, { ...tooLong }, receivedAt)).toThrow(/refusing to publish/);
    const marked = checkedPayload(topics.journey, tooLong);
    expect(buildEnvelope(topics.journey, marked, receivedAt).payload).toBe(marked);
    expect(() => buildEnvelope(topics.journey, marked, receivedAt, undefined, { recheck: true })).toThrow(
      /refusing to publish/,
    );
    const consumed = decodeEnvelope(
      topics.journey,
      JSON.stringify(buildEnvelope(topics.journey, marked, receivedAt)),
    );
    expect(consumed).toMatchObject({ ok: false });
  });

  it("checks a consumed envelope again unless it names the consumer's own contract", () => {
    const tooLong = checkedPayload(topics.journey, { ...step, visitorId: 'x'.repeat(129) });
    const wire = JSON.stringify(buildEnvelope(topics.journey, tooLong, receivedAt, id));
    // No header (publishRaw, an older producer), or another topic's contract: checked, and refused.
    expect(decodeEnvelope(topics.journey, wire)).toMatchObject({ ok: false });
    expect(decodeEnvelope(topics.journey, wire, contractOf(topics.pageVisit))).toMatchObject({ ok: false });
    // The consumer's own contract: the producer checked it, the JSON is taken as it is.
    expect(decodeEnvelope(topics.journey, wire, contractOf(topics.journey))).toMatchObject({
      ok: true,
      envelope: { id, payload: { visitorId: 'x'.repeat(129) } },
    });
    expect(decodeEnvelope(topics.journey, 'not json', contractOf(topics.journey))).toEqual({
      ok: false,
      reason: 'not JSON',
    });
  });

  it('gives a topic whose schema changed a bound another contract', () => {
    const journey: TopicDefinition = topics.journey as TopicDefinition;
    const stricter: TopicDefinition = {
      ...journey,
      envelope: envelopeSchema('journey', z.object({ visitorId: z.string().max(64) })),
    };
    const wider: TopicDefinition = {
      ...journey,
      envelope: envelopeSchema('journey', z.object({ visitorId: z.string().max(128) })),
    };
    expect(contractOf(stricter)).not.toBe(contractOf(wider));
    expect(contractOf(topics.journey)).toBe(contractOf(topics.journey));
    expect(contractOf(topics.journey)).toMatch(/^journey:[0-9a-f]{32}$/);
  });

  it('does not carry the mark to a copy, nor onto the wire', () => {
    const marked = checkedPayload(topics.journey, { ...step });
    expect(isCheckedPayload(marked)).toBe(true);
    expect(isCheckedPayload({ ...marked })).toBe(false);
    expect(JSON.stringify(marked)).toBe(JSON.stringify(step));
  });

  it('still refuses an id that is not a UUID', () => {
    expect(() =>
      buildEnvelope(topics.journey, checkedPayload(topics.journey, { ...step }), receivedAt, 'not-a-uuid'),
    ).toThrow(/refusing to publish/);
  });
});
