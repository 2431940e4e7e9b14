import { describe, expect, it } from 'vitest';
import { waistToHeight } from './waist-to-height';

describe('waist-to-height ratio (NICE 2022 bands)', () => {
  it.each([
    // 32 in waist, 70 in tall: 0.457 → 0.46, under 0.5.
    { waist: 32, height: 70, ratio: 0.46, label: 'Healthy', tone: 'green' },
    { waist: 34.9, height: 70, ratio: 0.5, label: 'Increased risk', tone: 'orange' },
    // Just under half the height still shows as 0.49.
    { waist: 34.3, height: 70, ratio: 0.49, label: 'Healthy', tone: 'green' },
    { waist: 80, height: 160, ratio: 0.5, label: 'Increased risk', tone: 'orange' },
    { waist: 94.4, height: 160, ratio: 0.59, label: 'Increased risk', tone: 'orange' },
    // 0.595 shows as 0.60, so it is in the high band: the band follows the shown number.
    { waist: 95.2, height: 160, ratio: 0.6, label: 'High risk', tone: 'red' },
    { waist: 95, height: 160, ratio: 0.59, label: 'Increased risk', tone: 'orange' },
    { waist: 112, height: 160, ratio: 0.7, label: 'High risk', tone: 'red' },
  ])('$waist / $height → $ratio $label', ({ waist, height, ratio, label, tone }) => {
    expect(waistToHeight({ waist, height })).toEqual({ ratio, label, tone });
  });

  it('is the same in inches and in centimetres', () => {
    expect(waistToHeight({ waist: 36, height: 66 })).toEqual(
      waistToHeight({ waist: 36 * 2.54, height: 66 * 2.54 }),
    );
  });

  it.each([
    { waist: undefined, height: 170 },
    { waist: 0, height: 170 },
    { waist: -5, height: 170 },
    { waist: Number.NaN, height: 170 },
    { waist: 80, height: 0 },
    { waist: 1e308, height: 1e-308 },
  ])('no ratio for waist $waist and height $height', (form) => {
    expect(waistToHeight(form)).toBeUndefined();
  });
});
