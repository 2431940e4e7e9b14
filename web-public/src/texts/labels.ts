// The health engine's labels (BMI categories and bands, indicator and rating words, band sources), English
// as the engine and the spec say them, keyed by themselves: screens show `labels[label] ?? label`.
import { ENGINE_LABELS, type EngineLabel } from '@bodymetrics/health';
import { i18n } from './i18n';

const english = Object.fromEntries(ENGINE_LABELS.map((label) => [label, label])) as Record<
  EngineLabel,
  string
>;

export const labelTexts = i18n('labels', english);

/** An engine label in the page's language (one the catalogue does not know stays as the engine said it). */
export const labelIn = (labels: Partial<Record<string, string>>, label: string): string =>
  labels[label] ?? label;
