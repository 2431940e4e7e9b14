// The calculating screen's timing and messages (spec §2, §9): 3000 ms of progress in 50 ms steps, the
// message chosen by progress, and a 500 ms pause at 100% before the screen completes.
export const CALCULATION_DURATION_MS = 3000;
export const PROGRESS_STEP_MS = 50;
export const COMPLETE_PAUSE_MS = 500;

const STAGES = [
  [20, 'Calculating BMI Score'],
  [40, 'Calculating Body Fat'],
  [60, 'Calculating WHR'],
  [75, 'Calculating Daily Energy'],
  [90, 'Calculating Metabolic Age'],
] as const;
export const RESULTS_READY_MESSAGE = 'Results Ready!';

/** The stage's message in the spec's English (the screen shows it in the page's language). */
export type CalculatingMessage = (typeof STAGES)[number][1] | typeof RESULTS_READY_MESSAGE;

export function calculatingMessage(progress: number): CalculatingMessage {
  for (const [upTo, message] of STAGES) if (progress <= upTo) return message;
  return RESULTS_READY_MESSAGE;
}

/** Whole-percent progress after `ticks` steps of 50 ms, reaching 100 at 3000 ms and staying there. */
export function progressAfterTicks(ticks: number): number {
  return Math.min(100, Math.floor((Math.max(0, ticks) * PROGRESS_STEP_MS * 100) / CALCULATION_DURATION_MS));
}
