// The journey funnel and abandonment analysis of spec §2 (User Journey tab), with their Romanian labels.
import type { Abandonment, FunnelRow } from '@bodymetrics/contracts';

export type FunnelStepKey =
  'landingVisitors' | 'formStarted' | 'formCompleted' | 'resultsViewed' | 'emailProvided' | 'reportSent';

/** Funnel order: Landing Visitors, Form Started, Form Completed, Results Viewed, Email Provided, Report Sent. */
export const funnelSteps: readonly { key: FunnelStepKey; label: string }[] = [
  { key: 'landingVisitors', label: 'Vizitatori pe pagina principală' },
  { key: 'formStarted', label: 'Formular început' },
  { key: 'formCompleted', label: 'Formular completat' },
  { key: 'resultsViewed', label: 'Rezultate vizualizate' },
  { key: 'emailProvided', label: 'E-mail furnizat' },
  { key: 'reportSent', label: 'Raport trimis' },
];

/**
 * Today's summary (GET /api/journey/today-summary, a `FunnelRow`): today's funnel counts. Only the steps
 * are read, and a missing count reads as 0.
 */
export type TodaySummary = Partial<Pick<FunnelRow, FunnelStepKey>>;

export interface FunnelStepCount {
  key: FunnelStepKey;
  label: string;
  count: number;
}

export function funnelCounts(summary: TodaySummary | null | undefined): FunnelStepCount[] {
  return funnelSteps.map(({ key, label }) => {
    const value = summary?.[key];
    return { key, label, count: typeof value === 'number' && Number.isFinite(value) ? value : 0 };
  });
}

export type AbandonmentKey = Exclude<keyof Abandonment, 'total_visitors'>;

/** Where visitors left: at landing, at the form, after calculation, at results, after e-mail. */
export const abandonmentPoints: readonly { key: AbandonmentKey; label: string }[] = [
  { key: 'abandoned_at_landing', label: 'Au plecat de pe pagina principală' },
  { key: 'abandoned_at_form', label: 'Au abandonat formularul' },
  { key: 'abandoned_after_calculation', label: 'Au plecat după calcul' },
  { key: 'abandoned_at_results', label: 'Au plecat de la rezultate' },
  { key: 'abandoned_after_email', label: 'Au plecat după e-mail' },
];
