import { describe, expect, it } from 'vitest';
import { BRIDGE_OFFER_LIMIT } from './constants';
import { matchOffers } from './offers-matching';

const offers = [
  { id: 1, title: 'Lean Start', bmiCategory: 'Overweight', goal: 'weight_loss' },
  { id: 2, title: 'Bulk Up', bmiCategory: 'Underweight', goal: 'muscle_gain' },
  { id: 3, title: 'Trim Plan', bmiCategory: 'overweight', goal: 'weight_loss' },
  { id: 4, title: 'Gym Pass', bmiCategory: 'OVERWEIGHT', goal: 'muscle_gain' },
  { id: 5, title: 'Walk More', bmiCategory: 'Overweight', goal: 'weight_loss' },
  { id: 6, title: 'Calm Mind', bmiCategory: 'Normal', goal: 'wellness' },
  { id: 7, title: 'Smart Scale', bmiCategory: 'Overweight', goal: 'weight_loss' },
  // Stored before the admin refused the pairing: never shown.
  { id: 8, title: 'Crash Diet', bmiCategory: 'Underweight', goal: 'weight_loss' },
];
const ids = (list: { id: number }[]) => list.map((offer) => offer.id);

describe('offer matching', () => {
  it.each([
    { category: 'Overweight', goal: 'weight_loss', expected: [1, 3, 5, 7] },
    { category: 'overweight', goal: 'weight_loss', expected: [1, 3, 5, 7] },
    { category: 'Overweight', goal: 'muscle_gain', expected: [4] },
    { category: 'Underweight', goal: 'muscle_gain', expected: [2] },
    { category: 'Normal', goal: 'wellness', expected: [6] },
    { category: 'Normal', goal: 'Wellness', expected: [] },
    { category: 'Obese', goal: 'weight_loss', expected: [] },
    { category: 'Underweight', goal: 'weight_loss', expected: [] },
    { category: 'underweight', goal: 'weight_loss', expected: [] },
  ])('$category + $goal → $expected', ({ category, goal, expected }) => {
    expect(ids(matchOffers(offers, category, goal))).toEqual(expected);
  });

  it('the bridge shows at most three, in the given order', () => {
    expect(BRIDGE_OFFER_LIMIT).toBe(3);
    expect(ids(matchOffers(offers, 'Overweight', 'weight_loss', 3))).toEqual([1, 3, 5]);
  });

  it.each([
    { limit: 0, expected: [] },
    { limit: 1, expected: [1] },
    { limit: 10, expected: [1, 3, 5, 7] },
    { limit: -2, expected: [] },
  ])('limit $limit → $expected', ({ limit, expected }) => {
    expect(ids(matchOffers(offers, 'Overweight', 'weight_loss', limit))).toEqual(expected);
  });

  it('returns the offers themselves, with all their fields', () => {
    expect(matchOffers(offers, 'Normal', 'wellness')).toEqual([
      { id: 6, title: 'Calm Mind', bmiCategory: 'Normal', goal: 'wellness' },
    ]);
  });
});
