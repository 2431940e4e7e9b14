// Who asks for the report, sent with it so the reports service can record the funnel's email_provided and
// report_sent for this visitor (it, not the page, decides that the report was accepted and mailed). The same
// rule as every tracking call: a browser that asks not to be tracked (Do Not Track, Global Privacy Control)
// sends no ids, and its report is mailed all the same, just not counted.
import type { ReportVisitor } from '@bodymetrics/contracts';
import { sessionId, visitor } from './identity';
import { trackingAllowed } from './privacy';

export function reportVisitor(): ReportVisitor {
  if (!trackingAllowed()) return {};
  const { visitorId, storageAllowed } = visitor();
  return { visitorId, sessionId: sessionId(), storageAllowed };
}
