import { HEALTH_DATA_CONSENT_REQUIRED } from '@bodymetrics/contracts';
import { describe, expect, it } from 'vitest';
import { initialConsentBoxes, reportConsent } from './report-consent';

describe('the report form consent boxes', () => {
  it('start unticked', () => {
    expect(initialConsentBoxes).toEqual({ healthData: false, newsletter: false });
  });

  it('send nothing without consent to process the health data, whatever the newsletter box says', () => {
    expect(reportConsent({ healthData: false, newsletter: false })).toEqual({
      ok: false,
      message: HEALTH_DATA_CONSENT_REQUIRED,
    });
    expect(reportConsent({ healthData: false, newsletter: true }).ok).toBe(false);
  });

  it('carry the newsletter choice separately', () => {
    expect(reportConsent({ healthData: true, newsletter: false })).toEqual({
      ok: true,
      consent: { healthData: true, newsletter: false },
    });
    expect(reportConsent({ healthData: true, newsletter: true })).toEqual({
      ok: true,
      consent: { healthData: true, newsletter: true },
    });
  });
});
