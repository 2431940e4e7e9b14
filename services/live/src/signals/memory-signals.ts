// The embedded mode's signals: one process, so an emitter is the whole fan-out.
import { EventEmitter } from 'node:events';
import type { AdminSessionsRevoked, AnalyticsChangedNotice } from '@bodymetrics/contracts';
import type { LiveSignals } from './live-signals';

export class MemorySignals implements LiveSignals {
  private readonly emitter = new EventEmitter();

  async presenceChanged(): Promise<void> {
    // Asynchronous like a pub/sub round trip, so callers behave the same in both modes.
    setImmediate(() => this.emitter.emit('presence'));
  }

  onPresenceChanged(handler: () => void): void {
    this.emitter.on('presence', handler);
  }

  async announceAnalyticsChanged(notice: AnalyticsChangedNotice): Promise<void> {
    setImmediate(() => this.emitter.emit('analytics', notice));
  }

  onAnalyticsChanged(handler: (notice: AnalyticsChangedNotice) => void): void {
    this.emitter.on('analytics', handler);
  }

  async announceSessionsRevoked(revoked: AdminSessionsRevoked): Promise<void> {
    setImmediate(() => this.emitter.emit('revoked', revoked));
  }

  onSessionsRevoked(handler: (revoked: AdminSessionsRevoked) => void): void {
    this.emitter.on('revoked', handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
