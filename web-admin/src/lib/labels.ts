// Romanian names of the values the read models carry in English.
import type { LiveStage } from '@bodymetrics/contracts';

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
