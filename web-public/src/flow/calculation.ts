// The flow's result, shared by the home flow (which makes it) and the results page and report form (which
// show and send it): its own module, so none of those pages imports another for a type.
import type { HealthFormValues, HealthResult } from '@bodymetrics/health';

/** A checked form and the metrics computed from it. */
export interface Calculation {
  values: HealthFormValues;
  result: HealthResult;
}
