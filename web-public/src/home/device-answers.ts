// The form's answers that never leave the browser: ethnic background (special-category data) and
// pregnancy. They are not form fields (form-fields.ts), so no form snapshot, event, report request or
// saved flow carries them; they live in this tab's sessionStorage only, so a reload on the results keeps
// the advice they chose and closing the tab forgets them.
import { useSyncExternalStore } from 'react';
import { isEthnicBackground, type EthnicBackground } from '@bodymetrics/health';
import { browserStorage } from '../lib/storage';

export interface DeviceAnswers {
  /** Undefined: not given ("prefer not to say"). */
  ethnicBackground: EthnicBackground | undefined;
  pregnant: boolean;
}

const KEY = 'bm.deviceAnswers';
const none: DeviceAnswers = { ethnicBackground: undefined, pregnant: false };
const listeners = new Set<() => void>();
let current: DeviceAnswers | undefined;

function read(): DeviceAnswers {
  try {
    const stored = JSON.parse(browserStorage('sessionStorage').getItem(KEY) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return none;
    const { ethnicBackground, pregnant } = stored as Record<string, unknown>;
    return {
      ethnicBackground:
        typeof ethnicBackground === 'string' && isEthnicBackground(ethnicBackground)
          ? ethnicBackground
          : undefined,
      pregnant: pregnant === true,
    };
  } catch {
    return none;
  }
}

export function deviceAnswers(): DeviceAnswers {
  current ??= read();
  return current;
}

export function setDeviceAnswers(change: Partial<DeviceAnswers>): void {
  current = { ...deviceAnswers(), ...change };
  browserStorage('sessionStorage').setItem(KEY, JSON.stringify(current));
  for (const listener of listeners) listener();
}

/** "Start New Calculation" forgets them with the rest of the flow. */
export function clearDeviceAnswers(): void {
  current = none;
  browserStorage('sessionStorage').removeItem(KEY);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useDeviceAnswers(): DeviceAnswers {
  return useSyncExternalStore(subscribe, deviceAnswers, deviceAnswers);
}
