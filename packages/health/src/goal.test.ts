import { describe, expect, it } from 'vitest';
import { defaultGoal } from './goal';

describe('default goal', () => {
  it.each([
    { category: 'Underweight', goal: 'muscle_gain' },
    { category: 'underweight', goal: 'muscle_gain' },
    { category: 'Normal', goal: 'wellness' },
    { category: 'Normal Weight', goal: 'wellness' },
    { category: 'Overweight', goal: 'weight_loss' },
    { category: 'Obese', goal: 'weight_loss' },
    { category: 'OBESE', goal: 'weight_loss' },
    { category: 'unknown', goal: 'wellness' },
  ])('$category → $goal', ({ category, goal }) => {
    expect(defaultGoal(category)).toBe(goal);
  });
});
