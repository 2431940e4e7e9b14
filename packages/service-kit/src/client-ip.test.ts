import { describe, expect, it } from 'vitest';
import { clientNetwork, rateLimitKey, storableIp } from './client-ip';

describe('storableIp', () => {
  it.each([
    ['203.0.113.77', 'truncated', '203.0.113.0'],
    ['::ffff:198.51.100.9', 'truncated', '198.51.100.0'],
    ['2001:db8:abcd:12:1:2:3:4', 'truncated', '2001:db8:abcd::'],
    ['2001:db8::1', 'truncated', '2001:db8:0::'],
    ['203.0.113.77', 'full', '203.0.113.77'],
    ['203.0.113.77', 'none', null],
    [undefined, 'truncated', null],
    ['not-an-ip', 'truncated', null],
  ] as const)('%s (%s) is stored as %s', (ip, mode, expected) => {
    expect(storableIp(ip, mode)).toBe(expected);
  });
});

describe('rateLimitKey', () => {
  it.each([
    ['203.0.113.77', '203.0.113.77'],
    ['::ffff:203.0.113.77', '203.0.113.77'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
    ['2001:db8:abcd:12::9', '2001:db8:abcd:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
  ])('%s counts in %s', (ip, expected) => {
    expect(rateLimitKey(ip)).toBe(expected);
  });
});

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
  ])('%s sits in %s', (ip, expected) => {
    expect(clientNetwork(ip)).toBe(expected);
  });
});
