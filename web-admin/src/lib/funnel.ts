// The journey funnel and abandonment analysis of spec §2 (User Journey tab), with their Romanian labels.
// The steps and their order are contracts' shownFunnelSteps; only the words are here.
import {
  abandonmentFieldOf,
  funnelRowFieldOf,
  shownFunnelSteps,
  type Abandonment,
  type FunnelRow,
  type ShownFunnelStep,
} from '@bodymetrics/contracts';

export type FunnelStepKey = (typeof funnelRowFieldOf)[ShownFunnelStep];

const stepLabels: Record<ShownFunnelStep, string> = {
  landing: 'Vizitatori pe pagina principală',
  form_started: 'Formular început',
  form_completed: 'Formular completat',
  results_viewed: 'Rezultate vizualizate',
  email_provided: 'E-mail furnizat',
  report_sent: 'Raport trimis',
};

/** Funnel order: Landing Visitors, Form Started, Form Completed, Results Viewed, Email Provided, Report Sent. */
export const funnelSteps: readonly { key: FunnelStepKey; label: string }[] = shownFunnelSteps.map((step) => ({
  key: funnelRowFieldOf[step],
  label: stepLabels[step],
}));

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
type LeftAt = keyof typeof abandonmentFieldOf;

const abandonmentLabels: Record<LeftAt, string> = {
  landing: 'Au plecat de pe pagina principală',
  form_started: 'Au abandonat formularul',
  form_completed: 'Au plecat după calcul',
  results_viewed: 'Au plecat de la rezultate',
  email_provided: 'Au plecat după e-mail',
};

/** Where visitors left: at landing, at the form, after calculation, at results, after e-mail. */
export const abandonmentPoints: readonly { key: AbandonmentKey; label: string }[] = shownFunnelSteps
  .filter((step): step is LeftAt => step in abandonmentFieldOf)
  .map((step) => ({ key: abandonmentFieldOf[step], label: abandonmentLabels[step] }));
