// The manifest agrees with the services themselves: each one's PORT default is its manifest port, the
// gateway's default upstream addresses are the manifest's, and each entry file exists. (compose.test.ts
// checks docker-compose.yml against the same manifest.)
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminAuthSettingsFromEnv } from '@bodymetrics/admin-auth/settings';
import { aggregatorSettingsFromEnv } from '@bodymetrics/aggregator/settings';
import { analyticsSettingsFromEnv } from '@bodymetrics/analytics/settings';
import { gatewaySettingsFromEnv } from '@bodymetrics/gateway/settings';
import { liveSettingsFromEnv } from '@bodymetrics/live/settings';
import { offersSettingsFromEnv } from '@bodymetrics/offers/settings';
import { reportsSettingsFromEnv } from '@bodymetrics/reports/settings';
import { trackingSettingsFromEnv } from '@bodymetrics/tracking/settings';
import {
  embeddedProcess,
  replicaPort,
  serviceManifest,
  services,
  settingsForNeeds,
  upstreamUrlSettings,
  type ServiceName,
} from './manifest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const defaultPortOf: Record<ServiceName, number> = {
  gateway: gatewaySettingsFromEnv({}).PORT,
  tracking: trackingSettingsFromEnv({}).PORT,
  offers: offersSettingsFromEnv({}).PORT,
  reports: reportsSettingsFromEnv({}).PORT,
  'admin-auth': adminAuthSettingsFromEnv({}).PORT,
  analytics: analyticsSettingsFromEnv({}).PORT,
  live: liveSettingsFromEnv({}).PORT,
  aggregator: aggregatorSettingsFromEnv({}).PORT,
};

describe('the service manifest', () => {
  it.each(services.map((s) => [s.name, s] as const))(
    'gives %s the port its settings default to',
    (name, s) => {
      expect(s.port).toBe(defaultPortOf[name]);
    },
  );

  it('names the addresses the gateway defaults to', () => {
    const gateway = gatewaySettingsFromEnv({});
    const expected = upstreamUrlSettings((s) => `http://127.0.0.1:${s.port}`);
    const { TRACKING_URL, ...single } = expected;
    expect(gateway.TRACKING_URL).toEqual([TRACKING_URL]);
    for (const [setting, url] of Object.entries(single))
      expect(gateway[setting as keyof typeof gateway], setting).toBe(url);
  });

  it.each([...services, embeddedProcess].map((s) => [s.entry, s] as const))(
    'starts from a file that exists: %s',
    (entry, s) => {
      expect(existsSync(`${repoRoot}${entry}`)).toBe(true);
      expect(entry.startsWith(`${s.packageDir}/`)).toBe(true);
    },
  );

  it('puts the second and later tracking replicas on 8091, 8092, …', () => {
    expect([0, 1, 2].map((i) => replicaPort(serviceManifest.tracking, i))).toEqual([8081, 8091, 8092]);
  });

  it('puts the second and later aggregators past the last tracking replica: 8111, 8112, …', () => {
    expect([0, 1, 2].map((i) => replicaPort(serviceManifest.aggregator, i))).toEqual([8087, 8111, 8112]);
    expect(replicaPort(serviceManifest.tracking, 19)).toBeLessThan(
      replicaPort(serviceManifest.aggregator, 1),
    );
  });

  it('scales the services that can run several times: tracking behind the gateway, the aggregator in one group', () => {
    expect(services.filter((s) => s.scales).map((s) => s.name)).toEqual(['tracking', 'aggregator']);
  });

  it('refuses to start a process without settings for something it needs', () => {
    expect(
      settingsForNeeds(serviceManifest.analytics, {
        postgres: { DATABASE_URL: 'x' },
        'time-zone': {},
        smtp: { SMTP_URL: 'smtp://s' },
      }),
    ).toEqual({
      DATABASE_URL: 'x',
      SMTP_URL: 'smtp://s',
    });
    expect(() => settingsForNeeds(serviceManifest.analytics, { postgres: { DATABASE_URL: 'x' } })).toThrow(
      /analytics needs time-zone/,
    );
    // What a service may use is given only when asked for.
    expect(
      settingsForNeeds(serviceManifest.gateway, { redis: { REDIS_URL: 'r' }, 'public-base-url': {} }),
    ).toEqual({});
    expect(
      settingsForNeeds(
        serviceManifest.gateway,
        { redis: { REDIS_URL: 'r' }, 'public-base-url': {} },
        { mayUse: true },
      ),
    ).toEqual({ REDIS_URL: 'r' });
  });
});
