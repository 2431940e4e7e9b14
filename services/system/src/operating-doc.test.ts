// docs/operating.md's settings table is where an operator looks a setting up: every variable a service reads
// (its config.ts fragment, exported as @bodymetrics/<service>/settings) is named there, spelled as the code
// reads it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminAuthSettings } from '@bodymetrics/admin-auth/settings';
import { aggregatorSettings } from '@bodymetrics/aggregator/settings';
import { analyticsSettings } from '@bodymetrics/analytics/settings';
import { gatewaySettings } from '@bodymetrics/gateway/settings';
import { liveSettings } from '@bodymetrics/live/settings';
import { offersSettings } from '@bodymetrics/offers/settings';
import { reportsSettings } from '@bodymetrics/reports/settings';
import { trackingSettings } from '@bodymetrics/tracking/settings';

const operatingDoc = readFileSync(new URL('../../../docs/operating.md', import.meta.url), 'utf8');

const settingsOf = {
  gateway: gatewaySettings,
  tracking: trackingSettings,
  offers: offersSettings,
  reports: reportsSettings,
  'admin-auth': adminAuthSettings,
  analytics: analyticsSettings,
  live: liveSettings,
  aggregator: aggregatorSettings,
};

describe('docs/operating.md', () => {
  it.each(Object.entries(settingsOf))('names every setting %s reads', (_service, settings) => {
    const missing = Object.keys(settings.shape).filter((name) => !operatingDoc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
