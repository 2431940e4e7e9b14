// Numbers in bodies, paths and query strings are what they look like: no coercion of booleans, arrays,
// hex, exponents or padded strings, and a refusal names the rule.
import { describe, expect, it } from 'vitest';
import { daysQuerySchema } from './analytics';
import { recentClicksQuerySchema } from './admin';
import { affiliateClickBodySchema, bridgeOfferClickBodySchema, offerClickParamsSchema } from './tracking';

const click = {
  offerId: 3,
  offerTitle: 'Lean Shake',
  offerUrl: 'https://partner.example.com/?ref=bm',
  visitorId: 'v-1',
  ipAddress: null,
};

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('offerId', () => {
  it.each([1, 7, 2_147_483_647])('takes the JSON number %j', (offerId) => {
    expect(bridgeOfferClickBodySchema.parse({ offerId, visitorId: 'v' }).offerId).toBe(offerId);
  });

  it.each([true, [7], '0x10', '7', '', null, 0, -1, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2])(
    'refuses %j in a body, naming the rule',
    (offerId) => {
      const r = bridgeOfferClickBodySchema.safeParse({ offerId, visitorId: 'v' });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['offerId']);
      expect(firstMessage(r)).toMatch(/positive whole number/);
    },
  );

  it.each([
    ['7', 7],
    ['2147483647', 2_147_483_647],
  ])('takes the path segment %j as %j', (id, expected) => {
    expect(offerClickParamsSchema.parse({ id }).id).toBe(expected);
  });

  it.each(['0x10', '1e2', ' 7', '7 ', '+7', '-7', '0', '7.0', '', '2147483648', '99999999999'])(
    'refuses the path segment %j',
    (id) => {
      const r = offerClickParamsSchema.safeParse({ id });
      expect(r.success).toBe(false);
      expect(firstMessage(r)).toMatch(/positive whole number/);
    },
  );
});

describe('offerUrl', () => {
  it.each(['https://partner.example.com/?ref=bm', 'http://partner.example/x'])('takes %j', (offerUrl) => {
    expect(affiliateClickBodySchema.safeParse({ ...click, offerUrl }).success).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/relative/path',
    'u',
    `https://x.example/${'a'.repeat(2048)}`,
  ])('refuses %j', (offerUrl) => {
    const r = affiliateClickBodySchema.safeParse({ ...click, offerUrl });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['offerUrl']);
  });
});

describe('days', () => {
  it.each([
    ['7', 7],
    ['30', 30],
    ['90', 90],
  ])('takes %j', (days, expected) => {
    expect(daysQuerySchema.parse({ days }).days).toBe(expected);
  });

  it('defaults to 30', () => {
    expect(daysQuerySchema.parse({}).days).toBe(30);
  });

  it.each(['0x5a', '9e1', '90.0', ' 90', '+90', '14', '0', '-7', '', ['7', '30']])(
    'refuses %j with the rule',
    (days) => {
      const r = daysQuerySchema.safeParse({ days });
      expect(r.success).toBe(false);
      expect(firstMessage(r)).toBe('must be one of 7, 30, 90');
    },
  );
});

describe('recent clicks limit', () => {
  it('takes decimal digits and defaults to 20', () => {
    expect(recentClicksQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(recentClicksQuerySchema.parse({}).limit).toBe(20);
  });

  it.each(['0x10', '1e1', '0', '101', ' 5'])('refuses %j with the rule', (limit) => {
    const r = recentClicksQuerySchema.safeParse({ limit });
    expect(r.success).toBe(false);
    expect(firstMessage(r)).toBe('must be a whole number from 1 to 100');
  });
});
