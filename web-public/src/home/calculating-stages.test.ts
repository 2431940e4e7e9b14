import { describe, expect, it } from 'vitest';
import { calculatingMessage, progressAfterTicks } from './calculating-stages';

describe('calculating screen messages (spec §2)', () => {
  it.each([
    [0, 'Calculating BMI Score'],
    [20, 'Calculating BMI Score'],
    [21, 'Calculating Body Fat'],
    [40, 'Calculating Body Fat'],
    [41, 'Calculating WHR'],
    [60, 'Calculating WHR'],
    [61, 'Calculating Daily Energy'],
    [75, 'Calculating Daily Energy'],
    [76, 'Calculating Metabolic Age'],
    [90, 'Calculating Metabolic Age'],
    [91, 'Results Ready!'],
    [100, 'Results Ready!'],
  ])('at %i%% the screen reads "%s"', (progress, message) => {
    expect(calculatingMessage(progress)).toBe(message);
  });
});

describe('progress over 3000 ms in 50 ms steps', () => {
  it('starts at 0, is halfway after 30 steps and full after 60', () => {
    expect(progressAfterTicks(0)).toBe(0);
    expect(progressAfterTicks(1)).toBe(1);
    expect(progressAfterTicks(30)).toBe(50);
    expect(progressAfterTicks(59)).toBe(98);
    expect(progressAfterTicks(60)).toBe(100);
  });

  it('never goes past 100 or below 0', () => {
    expect(progressAfterTicks(500)).toBe(100);
    expect(progressAfterTicks(-3)).toBe(0);
  });
});
