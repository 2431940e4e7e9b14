// A checked payload (contracts' `checkedPayload`) is published without parsing the envelope again; anything
// else still is. Shown by a payload that breaks the schema: refused unmarked, let through marked (the mark is
// the caller's promise), refused again with `recheck` — and refused by the consumer's decode either way, so
// the topic's one contract still holds where the message is applied.
import { describe, expect, it } from 'vitest';
import { checkedPayload, isCheckedPayload, topics, type JourneyEvent } from '@bodymetrics/contracts';
import { buildEnvelope, decodeEnvelope } from './envelope';

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
