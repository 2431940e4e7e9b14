import { describe, expect, it } from 'vitest';
import { parseClientMessage } from './client-message';

const text = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
const activity = {
  visitorId: 'v-1',
  sessionId: 's-1',
  currentPage: '/',
  deviceType: 'mobile',
  browser: 'Chrome',
  location: 'Bucharest',
};

describe('client messages of /analytics-ws', () => {
  it('accepts the messages of spec §7', () => {
    expect(parseClientMessage(text({ type: 'request_analytics' }), false)).toEqual({
      ok: true,
      message: { type: 'request_analytics' },
    });
    expect(parseClientMessage(text({ type: 'user_active', data: activity }), false)).toEqual({
      ok: true,
      message: { type: 'user_active', data: activity },
    });
    expect(
      parseClientMessage(
        text({
          type: 'user_page_change',
          data: { visitorId: 'v-1', sessionId: 's-1', currentPage: '/results' },
        }),
        false,
      ).ok,
    ).toBe(true);
    expect(parseClientMessage(text({ type: 'auth', data: { sessionId: 'abc' } }), false).ok).toBe(true);
  });

  it('refuses text that is not JSON, binary frames and unknown types', () => {
    expect(parseClientMessage(text('{nope'), false)).toEqual({
      ok: false,
      reason: 'message is not valid JSON',
    });
    expect(parseClientMessage(text({ type: 'request_analytics' }), true)).toEqual({
      ok: false,
      reason: 'messages must be JSON text',
    });
    expect(parseClientMessage(text({ type: 'drop_tables' }), false).ok).toBe(false);
  });

  it('names the field that is wrong', () => {
    const result = parseClientMessage(
      text({ type: 'user_active', data: { ...activity, deviceType: 'fridge' } }),
      false,
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^data\.deviceType: /);
  });

  it('bounds the strings of the activity record', () => {
    expect(
      parseClientMessage(
        text({ type: 'user_active', data: { ...activity, browser: 'x'.repeat(129) } }),
        false,
      ).ok,
    ).toBe(false);
    expect(
      parseClientMessage(text({ type: 'user_active', data: { ...activity, visitorId: '' } }), false).ok,
    ).toBe(false);
  });
});
