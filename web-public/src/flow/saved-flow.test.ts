import { describe, expect, it } from 'vitest';
import { initialFormFields } from '../home/form-fields';
import { forgivingStorage } from '../lib/storage';
import { fakeStorage } from '../lib/test-storage';
import { clearFlowSession, FLOW_SESSION_KEY, readFlowSession, writeFlowSession } from './flow-session';

describe('the local session (spec §3, §4)', () => {
  it('is empty on a first visit', () => {
    expect(readFlowSession(fakeStorage())).toBeNull();
  });

  it('gives back the form and the step it was given', () => {
    const storage = fakeStorage();
    const formData = { ...initialFormFields(), age: '34', gender: 'female', weight: '150', height: '65' };
    writeFlowSession(storage, { formData, currentStep: 'results' });
    expect(readFlowSession(storage)).toEqual({ formData, currentStep: 'results' });
  });

  it('keeps a half-typed value exactly as typed', () => {
    const storage = fakeStorage();
    writeFlowSession(storage, { formData: { ...initialFormFields(), weight: '15' }, currentStep: 'form' });
    expect(readFlowSession(storage)?.formData.weight).toBe('15');
  });

  it('is gone after it is cleared', () => {
    const storage = fakeStorage();
    writeFlowSession(storage, { formData: initialFormFields(), currentStep: 'bridge' });
    clearFlowSession(storage);
    expect(readFlowSession(storage)).toBeNull();
    expect(storage.dump()).toEqual({});
  });

  it('survives damaged or foreign data by falling back to defaults', () => {
    expect(readFlowSession(fakeStorage({ [FLOW_SESSION_KEY]: '{not json' }))).toBeNull();
    expect(readFlowSession(fakeStorage({ [FLOW_SESSION_KEY]: 'null' }))).toBeNull();
    const odd = JSON.stringify({ formData: { age: 40, weight: '180', hack: 'x' }, currentStep: 'elsewhere' });
    expect(readFlowSession(fakeStorage({ [FLOW_SESSION_KEY]: odd }))).toEqual({
      formData: { ...initialFormFields(), weight: '180' },
      currentStep: 'form',
    });
  });

  it('falls back to the default height when the stored imperial height cannot be shown by the selects', () => {
    const stored = JSON.stringify({
      formData: { ...initialFormFields(), height: '200' },
      currentStep: 'form',
    });
    expect(readFlowSession(fakeStorage({ [FLOW_SESSION_KEY]: stored }))?.formData.height).toBe('60');
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
      writeFlowSession(refusing, { formData: initialFormFields(), currentStep: 'form' }),
    ).not.toThrow();
    expect(readFlowSession(refusing)).toBeNull();
    expect(() => clearFlowSession(refusing)).not.toThrow();
  });
});
