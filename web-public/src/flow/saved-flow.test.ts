import { describe, expect, it } from 'vitest';
import { initialFormFields } from '../home/form-fields';
import { forgivingStorage } from '../lib/storage';
import { fakeStorage } from '../lib/test-storage';
import { clearSavedFlow, SAVED_FLOW_KEY, readSavedFlow, writeSavedFlow } from './saved-flow';

describe('the saved flow (spec §3 local "Session", §4)', () => {
  it('is empty on a first visit', () => {
    expect(readSavedFlow(fakeStorage())).toBeNull();
  });

  it('gives back the form and the step it was given', () => {
    const storage = fakeStorage();
    const formData = { ...initialFormFields(), age: '34', gender: 'female', weight: '150', height: '65' };
    writeSavedFlow(storage, { formData, currentStep: 'results' });
    expect(readSavedFlow(storage)).toEqual({ formData, currentStep: 'results' });
  });

  it('keeps a half-typed value exactly as typed', () => {
    const storage = fakeStorage();
    writeSavedFlow(storage, { formData: { ...initialFormFields(), weight: '15' }, currentStep: 'form' });
    expect(readSavedFlow(storage)?.formData.weight).toBe('15');
  });

  it('is gone after it is cleared', () => {
    const storage = fakeStorage();
    writeSavedFlow(storage, { formData: initialFormFields(), currentStep: 'bridge' });
    clearSavedFlow(storage);
    expect(readSavedFlow(storage)).toBeNull();
    expect(storage.dump()).toEqual({});
  });

  it('survives damaged or foreign data by falling back to defaults', () => {
    expect(readSavedFlow(fakeStorage({ [SAVED_FLOW_KEY]: '{not json' }))).toBeNull();
    expect(readSavedFlow(fakeStorage({ [SAVED_FLOW_KEY]: 'null' }))).toBeNull();
    const odd = JSON.stringify({ formData: { age: 40, weight: '180', hack: 'x' }, currentStep: 'elsewhere' });
    expect(readSavedFlow(fakeStorage({ [SAVED_FLOW_KEY]: odd }))).toEqual({
      formData: { ...initialFormFields(), weight: '180' },
      currentStep: 'form',
    });
  });

  it('falls back to the default height when the stored imperial height cannot be shown by the selects', () => {
    const stored = JSON.stringify({
      formData: { ...initialFormFields(), height: '200' },
      currentStep: 'form',
    });
    expect(readSavedFlow(fakeStorage({ [SAVED_FLOW_KEY]: stored }))?.formData.height).toBe('60');
  });

  it('keeps working when the browser refuses storage', () => {
    const refusing = forgivingStorage({
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(() =>
      writeSavedFlow(refusing, { formData: initialFormFields(), currentStep: 'form' }),
    ).not.toThrow();
    expect(readSavedFlow(refusing)).toBeNull();
    expect(() => clearSavedFlow(refusing)).not.toThrow();
  });
});
