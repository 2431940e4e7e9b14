// Romanian names of the values the read models carry in English.
import type { BmiCategory, Goal, LiveStage } from '@bodymetrics/contracts';

const deviceTypeLabels: Record<string, string> = { mobile: 'Mobil', tablet: 'Tabletă', desktop: 'Desktop' };

/** "mobile" → "Mobil"; a value the dashboard does not know is shown as it came. */
export function deviceTypeLabel(deviceType: string): string {
  return deviceTypeLabels[deviceType.toLowerCase()] ?? deviceType;
}

/** Devices & Browsers tab: "browser on operating system". */
export function browserOnSystem(browserName: string, operatingSystem: string): string {
  return `${browserName || 'Necunoscut'} pe ${operatingSystem || 'sistem necunoscut'}`;
}

const liveStageLabels: Record<LiveStage, string> = {
  form: 'Formular',
  calculating: 'Calcul',
  bridge: 'Recomandări',
  results: 'Rezultate',
  contact: 'Contact',
  legal: 'Pagină legală',
};

/** Live list: the visitor's flow stage; a page that reported none (an older tab) shows a dash. */
export function liveStageLabel(stage: LiveStage | undefined): string {
  return stage ? liveStageLabels[stage] : '—';
}

/** A stage the live service may send (a newer one this dashboard does not know yet is left out). */
export function isLiveStage(value: unknown): value is LiveStage {
  return typeof value === 'string' && Object.hasOwn(liveStageLabels, value);
}

const bmiCategoryLabels: Record<BmiCategory, string> = {
  Underweight: 'Subponderal',
  Normal: 'Normal',
  Overweight: 'Supraponderal',
  Obese: 'Obezitate',
};

/** An offer's BMI category in Romanian; a value the dashboard does not know is shown as it came. */
export function bmiCategoryLabel(category: string): string {
  return bmiCategoryLabels[category as BmiCategory] ?? category;
}

const goalLabels: Record<Goal, string> = {
  weight_loss: 'Slăbire',
  muscle_gain: 'Masă musculară',
  wellness: 'Stare de bine',
};

/** An offer's goal in Romanian; a value the dashboard does not know is shown as it came. */
export function goalLabel(goal: string): string {
  return goalLabels[goal as Goal] ?? goal;
}
