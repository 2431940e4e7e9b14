// The report form's two consent boxes (neither pre-ticked), turned into what the server requires:
// `consent.healthData` must be true — without it nothing is sent — and `consent.newsletter` says whether
// the address joins the newsletter.
import { HEALTH_DATA_CONSENT_REQUIRED } from '@bodymetrics/contracts';

export interface ReportConsentBoxes {
  healthData: boolean;
  newsletter: boolean;
}

export type ReportConsentAnswer =
  { ok: true; consent: { healthData: true; newsletter: boolean } } | { ok: false; message: string };

export const initialConsentBoxes: ReportConsentBoxes = { healthData: false, newsletter: false };

export function reportConsent(boxes: ReportConsentBoxes): ReportConsentAnswer {
  if (!boxes.healthData) return { ok: false, message: HEALTH_DATA_CONSENT_REQUIRED };
  return { ok: true, consent: { healthData: true, newsletter: boxes.newsletter } };
}
