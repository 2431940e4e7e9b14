// The distributed mode's signals: Redis pub/sub on a dedicated subscriber connection. ioredis
// re-subscribes by itself after a reconnect (autoResubscribe), so a Redis restart heals without us.
import type { Redis } from 'ioredis';
import {
  adminSessionsRevokedNotice,
  analyticsChangedNotice,
  notifierOf,
  readNotice,
  type AdminSessionsRevoked,
  type AnalyticsChangedNotice,
  type Notifier,
} from '@bodymetrics/contracts';
import { presenceChangedChannel, type LiveSignals } from './live-signals';

export class RedisSignals implements LiveSignals {
  private readonly presenceChannel: string;
  private readonly analyticsChannel: string;
  private readonly revokedChannel: string;
  private readonly presenceHandlers: Array<() => void> = [];
  private readonly analyticsHandlers: Array<(notice: AnalyticsChangedNotice) => void> = [];
  private readonly revokedHandlers: Array<(revoked: AdminSessionsRevoked) => void> = [];
  private readonly subscribed: Promise<unknown>;
  private readonly notifyAnalyticsChanged: Notifier<AnalyticsChangedNotice>;
  private readonly notifySessionsRevoked: Notifier<AdminSessionsRevoked>;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    keyPrefix: string,
    onError: (err: unknown) => void,
    /** A message on a notice channel that its contract refuses (it is dropped). */
    onInvalidNotice: (channel: string, reason: string) => void = () => {},
  ) {
    this.presenceChannel = presenceChangedChannel(keyPrefix);
    this.analyticsChannel = analyticsChangedNotice.channel(keyPrefix);
    this.notifyAnalyticsChanged = notifierOf(analyticsChangedNotice, { redis: publisher, keyPrefix });
    this.revokedChannel = adminSessionsRevokedNotice.channel(keyPrefix);
    this.notifySessionsRevoked = notifierOf(adminSessionsRevokedNotice, { redis: publisher, keyPrefix });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.presenceChannel) for (const h of this.presenceHandlers) h();
      else if (channel === this.analyticsChannel) {
        const read = readNotice(analyticsChangedNotice, message);
        if (!read.ok) onInvalidNotice(channel, read.reason);
        else for (const h of this.analyticsHandlers) h(read.notice);
      } else if (channel === this.revokedChannel) {
        // Strictly parsed, since it closes sockets; anything else is dropped.
        const read = readNotice(adminSessionsRevokedNotice, message);
        if (!read.ok) onInvalidNotice(channel, read.reason);
        else for (const h of this.revokedHandlers) h(read.notice);
      }
    });
    this.subscribed = subscriber
      .subscribe(this.presenceChannel, this.analyticsChannel, this.revokedChannel)
      .catch(onError);
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

  announceAnalyticsChanged(notice: AnalyticsChangedNotice): Promise<void> {
    return this.notifyAnalyticsChanged(notice);
  }

  onAnalyticsChanged(handler: (notice: AnalyticsChangedNotice) => void): void {
    this.analyticsHandlers.push(handler);
  }

  async announceSessionsRevoked(revoked: AdminSessionsRevoked): Promise<void> {
    await this.notifySessionsRevoked(revoked);
  }

  onSessionsRevoked(handler: (revoked: AdminSessionsRevoked) => void): void {
    this.revokedHandlers.push(handler);
  }

  async close(): Promise<void> {
    this.presenceHandlers.length = 0;
    this.analyticsHandlers.length = 0;
    this.revokedHandlers.length = 0;
  }
}
