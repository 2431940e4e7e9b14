// The body of POST /api/email-report and /api/submit-report: the contract's shape with the calculator's
// own form rules for `metrics` (the same messages the form shows under each field).
import { reportRequestBodySchema } from '@bodymetrics/contracts';
import { healthFormSchema } from '@bodymetrics/health';
import { badRequest } from '@bodymetrics/service-kit';
import { buildHealthReport, type HealthReport } from './report/health-report';

export const reportBodySchema = reportRequestBodySchema(healthFormSchema);

/** The report's numbers; a form the engine cannot compute (it should not pass the rules) is a 400, not a 500. */
export function computeReport(...args: Parameters<typeof buildHealthReport>): HealthReport {
  try {
    return buildHealthReport(...args);
  } catch (err) {
    throw badRequest('metrics', (err as Error).message);
  }
}
