// The live list's "Etapă" column: every flow stage of the contract has its Romanian name.
import { liveStageSchema } from '@bodymetrics/contracts';
import { describe, expect, it } from 'vitest';
import { liveStageLabel } from './labels';

describe('live stage labels', () => {
  it('names every stage in Romanian, and a missing one as a dash', () => {
    expect(liveStageSchema.options.map(liveStageLabel)).toEqual([
      'Formular',
      'Calcul',
      'Recomandări',
      'Rezultate',
      'Contact',
      'Pagină legală',
    ]);
    expect(liveStageLabel(undefined)).toBe('—');
  });
});
