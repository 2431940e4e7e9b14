import { liveCloseCodes, liveSocketPath } from '@bodymetrics/contracts';
import { describe, expect, it } from 'vitest';
import {
  isNewAnalyticsChange,
  openingMessages,
  parseRealtimeMessage,
  realtimeUrl,
  reconnectDelayMs,
  unauthorizedCloseCode,
  updateFrequencyLabel,
} from './realtime-protocol';

describe('real-time connection', () => {
  it('opens /analytics-ws as an admin, with wss on https pages', () => {
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/analytics-ws?role=admin',
    );
    expect(realtimeUrl({ protocol: 'https:', host: 'bodymetrics.example' })).toBe(
      'wss://bodymetrics.example/analytics-ws?role=admin',
    );
    expect(new URL(realtimeUrl({ protocol: 'http:', host: 'h' })).pathname).toBe(liveSocketPath);
  });

  it('authenticates, then requests analytics, on open', () => {
    expect(openingMessages('abc').map((m) => JSON.parse(m) as unknown)).toEqual([
      { type: 'auth', data: { sessionId: 'abc' } },
      { type: 'request_analytics' },
    ]);
    expect(openingMessages(null).map((m) => JSON.parse(m) as unknown)).toEqual([
      { type: 'request_analytics' },
    ]);
  });

  it('knows the server close code of a refused session', () => {
    expect(unauthorizedCloseCode).toBe(liveCloseCodes.unauthorized);
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s between reconnects', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('shows the update frequency the server announces', () => {
    expect(updateFrequencyLabel(5000)).toBe('actualizare la 5 s');
    expect(updateFrequencyLabel(2000)).toBe('actualizare la 2 s');
    expect(updateFrequencyLabel(200)).toBe('actualizare la 1 s');
  });
});

describe('messages from the server', () => {
  it('reads connection_info', () => {
    expect(
      parseRealtimeMessage('{"type":"connection_info","data":{"role":"admin","updateIntervalMs":2000}}'),
    ).toEqual({
      type: 'connection_info',
      role: 'admin',
      updateIntervalMs: 2000,
    });
  });

  it('reads the live users, keeping their text as it came', () => {
    const message = parseRealtimeMessage(
      JSON.stringify({
        type: 'active_users_update',
        data: {
          count: 12,
          users: [
            {
              visitorId: 'v_1',
              currentPage: '/<b>x</b>',
              deviceType: 'mobile',
              browser: 'Firefox',
              timeOnSite: 95,
              location: 'Bucharest',
            },
            { currentPage: '/no-visitor-id' },
          ],
        },
      }),
    );
    expect(message).toEqual({
      type: 'active_users_update',
      count: 12,
      users: [
        {
          visitorId: 'v_1',
          currentPage: '/<b>x</b>',
          deviceType: 'mobile',
          browser: 'Firefox',
          timeOnSite: 95,
          location: 'Bucharest',
        },
      ],
    });
  });

  it("reads a live user's flow stage, leaving out one it does not know", () => {
    const message = parseRealtimeMessage(
      JSON.stringify({
        type: 'active_users_update',
        data: {
          count: 2,
          users: [
            { visitorId: 'v_1', currentPage: '/', stage: 'results' },
            { visitorId: 'v_2', currentPage: '/', stage: 'checkout' },
          ],
        },
      }),
    );
    expect(message).toMatchObject({
      users: [{ visitorId: 'v_1', stage: 'results' }, { visitorId: 'v_2' }],
    });
    expect(message.type === 'active_users_update' && message.users[1]).not.toHaveProperty('stage');
  });

  it('reads analytics_update and full_analytics_update as a change to refetch', () => {
    expect(
      parseRealtimeMessage('{"type":"analytics_update","data":{"changedAt":"2026-11-21T10:00:00Z"}}'),
    ).toEqual({
      type: 'analytics_update',
      changedAt: '2026-11-21T10:00:00Z',
    });
    expect(parseRealtimeMessage('{"type":"full_analytics_update","data":{}}')).toEqual({
      type: 'analytics_update',
      changedAt: null,
    });
  });

  it('refetches only for a change not seen yet', () => {
    expect(isNewAnalyticsChange('2026-11-21T10:00:00Z', null)).toBe(true);
    expect(isNewAnalyticsChange('2026-11-21T10:00:00Z', '2026-11-21T10:00:00Z')).toBe(false);
    expect(isNewAnalyticsChange('2026-11-21T10:00:05Z', '2026-11-21T10:00:00Z')).toBe(true);
    expect(isNewAnalyticsChange(null, '2026-11-21T10:00:00Z')).toBe(true);
  });

  it('passes other messages by and refuses frames that are not JSON objects', () => {
    expect(parseRealtimeMessage('{"type":"error","data":{"code":"rate_limited"}}')).toEqual({
      type: 'other',
      name: 'error',
    });
    expect(() => parseRealtimeMessage('not json')).toThrow();
    expect(() => parseRealtimeMessage('[1,2]')).toThrow();
  });
});
