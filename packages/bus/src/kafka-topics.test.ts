// whileTopicsPropagate: a broker that does not know a fresh topic yet is waited out; anything else is not.
import { describe, expect, it } from 'vitest';
import { whileTopicsPropagate } from './kafka-topics';

/** kafkajs' error for UNKNOWN_TOPIC_OR_PARTITION, as its protocol layer builds it. */
const unknownTopic = () =>
  Object.assign(new Error('This server does not host this topic-partition'), {
    type: 'UNKNOWN_TOPIC_OR_PARTITION',
  });

describe('whileTopicsPropagate', () => {
  it('runs the action again until the broker knows the topic', async () => {
    let calls = 0;
    const result = await whileTopicsPropagate(async () => {
      calls += 1;
      if (calls < 3) throw unknownTopic();
      return 'subscribed';
    });
    expect(result).toBe('subscribed');
    expect(calls).toBe(3);
  });

  it('gives any other failure back at once', async () => {
    let calls = 0;
    const failure = whileTopicsPropagate(async () => {
      calls += 1;
      throw new Error('The group is rebalancing');
    });
    await expect(failure).rejects.toThrow('The group is rebalancing');
    expect(calls).toBe(1);
  });
});
