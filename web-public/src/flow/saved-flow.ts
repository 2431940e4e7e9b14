// The saved flow — what spec §3 calls the local "Session" (§4): the form as typed and the step of the home flow,
// kept in localStorage so a reload brings the visitor back where they were; cleared on request (the logo
// on the calculating screen, "Start New Calculation").
import type { KeyValueStorage } from '../lib/storage';
import { formFieldsFrom, type FormFields } from '../home/form-fields';

// The storage key keeps the name browsers already hold it under: renaming it would drop every saved flow.
export const SAVED_FLOW_KEY = 'bm_session';

export const FLOW_STEPS = ['form', 'calculating', 'bridge', 'results'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

export interface SavedFlow {
  formData: FormFields;
  currentStep: FlowStep;
}

export function readSavedFlow(storage: KeyValueStorage): SavedFlow | null {
  const text = storage.getItem(SAVED_FLOW_KEY);
  if (text === null) return null;
  try {
    const stored = JSON.parse(text) as { formData?: unknown; currentStep?: unknown } | null;
    if (typeof stored !== 'object' || stored === null) return null;
    const step = FLOW_STEPS.find((s) => s === stored.currentStep) ?? 'form';
    return { formData: formFieldsFrom(stored.formData), currentStep: step };
  } catch {
    return null;
  }
}

export function writeSavedFlow(storage: KeyValueStorage, saved: SavedFlow): void {
  storage.setItem(SAVED_FLOW_KEY, JSON.stringify(saved));
}

export function clearSavedFlow(storage: KeyValueStorage): void {
  storage.removeItem(SAVED_FLOW_KEY);
}
