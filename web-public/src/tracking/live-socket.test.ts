import { describe, expect, it } from 'vitest';
import { liveSocketUrl, reconnectDelayMs } from './live-socket';

describe('live socket address', () => {
  it('is wss on https pages and ws on http pages, on the page host', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'bodymetrics.example' })).toBe(
      'wss://bodymetrics.example/analytics-ws',
    );
    expect(liveSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/analytics-ws',
    );
  });
});

describe('reconnect backoff', () => {
  it('doubles from one second and is capped at thirty', () => {
    const noJitter = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => reconnectDelayMs(attempt, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('waits at least half the delay whatever the jitter', () => {
    expect(reconnectDelayMs(3, () => 0)).toBe(4000);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(6000);
  });
});
