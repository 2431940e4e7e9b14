import { describe, expect, it } from 'vitest';
import { offerFieldsSchema, offerPatchSchema } from './admin-offers';

const valid = {
  title: 'Smart Scale',
  description: 'Weighs you.',
  url: 'https://shop.example.com/scale?ref=bodymetrics',
  imageUrl: null,
  bmiCategory: 'Normal',
  goal: 'wellness',
  ctaLabel: 'See Product Details',
  disclaimer: '',
  evidenceBased: false,
  active: true,
};

const firstPath = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.error?.issues[0]?.path.join('.');

describe('the offer fields (POST /api/admin/offers)', () => {
  it('takes a complete offer with an empty disclaimer and no image', () => {
    expect(offerFieldsSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['url', { url: 'http://shop.example.com/' }],
    ['url', { url: 'javascript:alert(1)' }],
    ['url', { url: 'data:text/html,hi' }],
    ['imageUrl', { imageUrl: 'http://cdn.example.com/x.png' }],
    ['bmiCategory', { bmiCategory: 'obese' }],
    ['goal', { goal: 'bulk' }],
    ['title', { title: '' }],
    ['ctaLabel', { ctaLabel: '  ' }],
    ['evidenceBased', { evidenceBased: 'true' }],
    ['extra', { extra: 1 }],
  ])('names %s when it is %j', (field, change) => {
    const result = offerFieldsSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(firstPath(result) || JSON.stringify(result.error?.issues[0])).toContain(field);
  });
});

describe('an offer patch (PATCH /api/admin/offers/:id)', () => {
  it('takes any one field, e.g. switching the offer off', () => {
    expect(offerPatchSchema.parse({ active: false })).toEqual({ active: false });
  });

  it('refuses an empty patch and a plain-http link', () => {
    expect(offerPatchSchema.safeParse({}).success).toBe(false);
    expect(firstPath(offerPatchSchema.safeParse({ url: 'http://a.example.com/' }))).toBe('url');
  });
});
