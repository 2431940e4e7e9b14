import { describe, expect, it } from 'vitest';
import { offerFieldsSchema } from './admin-offers';
import { clickIdPlaceholderMisplaced, offerUrlWithClickId } from './click-id';
import { postbackQuerySchema } from './postback';

const offer = {
  title: 'Smart Scale',
  description: 'Weighs you.',
  imageUrl: null,
  bmiCategory: 'Normal',
  goal: 'wellness',
  ctaLabel: 'Vezi oferta',
  disclaimer: '',
  evidenceBased: false,
  active: true,
};
const id = '3f2c1a9e-6b7d-4c1e-9a2b-5d8e7f6a1b2c';

describe('click ids in offer URLs', () => {
  it.each([
    'https://net.example/track?offer=7&sub1={clickId}',
    'https://net.example/c/{clickId}/go',
    'https://net.example/c/{clickId}?again={clickId}',
    'https://net.example/plain',
  ])('an offer URL may carry {clickId} in its path or query: %s', (url) => {
    expect(clickIdPlaceholderMisplaced(url)).toBe(false);
    expect(offerFieldsSchema.safeParse({ ...offer, url }).success).toBe(true);
  });

  it.each([
    'https://{clickId}.net.example/',
    'https://user{clickId}@net.example/',
    'https://net.example{clickId}',
    'https://net.example/a#{clickId}',
    'https://net.example#x{clickId}',
  ])('not in its host, user info or fragment: %s', (url) => {
    expect(clickIdPlaceholderMisplaced(url)).toBe(true);
    const result = offerFieldsSchema.safeParse({ ...offer, url });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['url']);
  });

  it('puts the click id in every placeholder, URL-encoded; a URL without one opens unchanged', () => {
    expect(offerUrlWithClickId('https://n.example/c/{clickId}?s={clickId}', id)).toBe(
      `https://n.example/c/${id}?s=${id}`,
    );
    expect(offerUrlWithClickId('https://n.example/?s={clickId}', 'a b&c')).toBe(
      'https://n.example/?s=a%20b%26c',
    );
    expect(offerUrlWithClickId('https://n.example/x?y=1', id)).toBe('https://n.example/x?y=1');
  });
});

describe('the postback query', () => {
  const valid = { click_id: id, transaction_id: 'TX-1', payout: '12.50', currency: 'eur', token: 't' };

  it('takes a network postback; the currency in any case', () => {
    expect(postbackQuerySchema.parse({ ...valid, extra: 'ignored' })).toEqual({ ...valid, currency: 'EUR' });
  });

  it.each([
    ['payout', { payout: '-1' }],
    ['payout', { payout: '1,50' }],
    ['payout', { payout: '1e3' }],
    ['payout', { payout: '0.12345' }],
    ['currency', { currency: 'EURO' }],
    ['click_id', { click_id: 'abc' }],
    ['click_id', { click_id: '00000000-0000-0000-0000-000000000000' }],
    ['transaction_id', { transaction_id: '' }],
    ['transaction_id', { transaction_id: 'a b' }],
  ])('refuses a bad %s', (field, change) => {
    const result = postbackQuerySchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
