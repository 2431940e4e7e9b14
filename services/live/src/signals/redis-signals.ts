// The distributed mode's signals: Redis pub/sub on a dedicated subscriber connection. ioredis
// re-subscribes by itself after a reconnect (autoResubscribe), so a Redis restart heals without us.
import type { Redis } from 'ioredis';
import { analyticsChangedChannel, type AnalyticsChangedNotice } from '@bodymetrics/contracts';
import { parseAnalyticsNotice, presenceChangedChannel, type LiveSignals } from './live-signals';

export class RedisSignals implements LiveSignals {
  private readonly presenceChannel: string;
  private readonly analyticsChannel: string;
  private readonly presenceHandlers: Array<() => void> = [];
  private readonly analyticsHandlers: Array<(notice: AnalyticsChangedNotice) => void> = [];
  private readonly subscribed: Promise<unknown>;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    keyPrefix: string,
    onError: (err: unknown) => void,
  ) {
    this.presenceChannel = presenceChangedChannel(keyPrefix);
    this.analyticsChannel = analyticsChangedChannel(keyPrefix);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.presenceChannel) for (const h of this.presenceHandlers) h();
      else if (channel === this.analyticsChannel) {
        const notice = parseAnalyticsNotice(message);
        for (const h of this.analyticsHandlers) h(notice);
      }
    });
    this.subscribed = subscriber.subscribe(this.presenceChannel, this.analyticsChannel).catch(onError);
  }

  /** Resolves once the first SUBSCRIBE was answered (or failed: Redis away at start; ioredis retries it). */
  ready(): Promise<unknown> {
    return this.subscribed;
  }

  async presenceChanged(): Promise<void> {
    await this.publisher.publish(this.presenceChannel, '1');
  }

  onPresenceChanged(handler: () => void): void {
    this.presenceHandlers.push(handler);
  }

  async announceAnalyticsChanged(notice: AnalyticsChangedNotice): Promise<void> {
    await this.publisher.publish(this.analyticsChannel, JSON.stringify(notice));
  }

  onAnalyticsChanged(handler: (notice: AnalyticsChangedNotice) => void): void {
    this.analyticsHandlers.push(handler);
  }

  async close(): Promise<void> {
    this.presenceHandlers.length = 0;
    this.analyticsHandlers.length = 0;
  }
}
