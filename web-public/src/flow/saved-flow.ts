// The visitor's local session (spec §3 "Session", §4): the form as typed and the step of the home flow,
// kept in localStorage so a reload brings the visitor back where they were; cleared on request (the logo
// on the calculating screen, "Start New Calculation").
import type { KeyValueStorage } from '../lib/storage';
import { formFieldsFrom, type FormFields } from '../home/form-fields';

export const FLOW_SESSION_KEY = 'bm_session';

export const FLOW_STEPS = ['form', 'calculating', 'bridge', 'results'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

export interface FlowSession {
  formData: FormFields;
  currentStep: FlowStep;
}

export function readFlowSession(storage: KeyValueStorage): FlowSession | null {
  const text = storage.getItem(FLOW_SESSION_KEY);
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

export function writeFlowSession(storage: KeyValueStorage, session: FlowSession): void {
  storage.setItem(FLOW_SESSION_KEY, JSON.stringify(session));
}

export function clearFlowSession(storage: KeyValueStorage): void {
  storage.removeItem(FLOW_SESSION_KEY);
}
