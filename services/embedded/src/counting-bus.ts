// The in-process bus keeps accepted events in memory until the aggregator has applied them. To stop
// without losing an event tracking already answered 202 for, the embedded shutdown waits until the
// aggregator has applied as many events as were published; this wrapper does the counting.
import type { Bus, ConsumeOptions, Consumer, PublishOptions } from '@bodymetrics/bus';
import type { Envelope, TopicDefinition } from '@bodymetrics/contracts';

export class CountingBus implements Bus {
  private count = 0;

  constructor(private readonly inner: Bus) {}

  /** Events published through this bus so far. */
  get published(): number {
    return this.count;
  }

  ensureTopics(topics: TopicDefinition[]): Promise<void> {
    return this.inner.ensureTopics(topics);
  }

  async publish<P>(topic: TopicDefinition, payload: P, options?: PublishOptions): Promise<Envelope<P>> {
    const envelope = await this.inner.publish(topic, payload, options);
    this.count += 1;
    return envelope;
  }

  consume(options: ConsumeOptions): Promise<Consumer> {
    return this.inner.consume(options);
  }

  publishRaw(topic: TopicDefinition, key: string, value: string): Promise<void> {
    return this.inner.publishRaw(topic, key, value);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
