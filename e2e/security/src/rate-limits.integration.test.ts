// Per-IP rate limits on ingestion and contact, per-IP and per-username on login and per-IP on
// forgot-password — through the gateway, so each visitor's own address is what is counted (the gateway
// forwards it; a limit keyed on the gateway's address would lock everybody out at once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, createOperator, startSystem, type System } from './system';
import { contactBody, pageVisitBody, post } from './requests';

let system: System;
const minutes = (n: number) => n * 60;

beforeAll(async () => {
  system = await startSystem({
    label: 'rate_limits',
    trackingPerMinute: 3,
    reportsRateLimit: { contactMax: 2, shareImageMax: 2, submitReportMax: 2 },
    adminRateLimits: {
      loginPerIp: { points: 4, durationSeconds: minutes(15) },
      loginFailuresPerUsername: { points: 2, durationSeconds: minutes(15) },
      forgotPasswordPerIp: { points: 2, durationSeconds: minutes(15) },
      resetMailsPerAccount: { points: 3, durationSeconds: minutes(60) },
      loginUsernameDelay: { afterFailures: 3, maxSeconds: 60, windowSeconds: minutes(15) },
    },
  });
  await createOperator(system.db, 'alina');
  await createOperator(system.db, 'mihai');
  await createOperator(system.db, 'admin');
});

afterAll(async () => {
  await system?.close();
});

const expect429 = (res: Awaited<ReturnType<typeof post>>) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ error: { code: 'rate_limited' } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

describe('ingestion (tracking routes, per IP at the gateway)', () => {
  it('an address over its budget gets 429 on every tracking route while another address is still accepted', async () => {
    const flooder = '203.0.113.10';
    for (let i = 0; i < 3; i++)
      expect(
        (await post(system.gateway, '/api/analytics/page-visit', pageVisitBody(`f${i}`), { ip: flooder }))
          .statusCode,
      ).toBe(202);
    expect429(await post(system.gateway, '/api/analytics/page-visit', pageVisitBody('f4'), { ip: flooder }));
    expect429(
      await post(
        system.gateway,
        '/api/journey/track',
        { visitorId: 'f4', sessionId: 's', step: 'landing' },
        { ip: flooder },
      ),
    );

    expect(
      (
        await post(system.gateway, '/api/analytics/page-visit', pageVisitBody('other'), {
          ip: '203.0.113.11',
        })
      ).statusCode,
    ).toBe(202);
  });

  it('IPv6 visitors are counted per address too', async () => {
    const flooder = '2001:db8:1::10';
    for (let i = 0; i < 3; i++)
      expect(
        (await post(system.gateway, '/api/analytics/page-visit', pageVisitBody(`six${i}`), { ip: flooder }))
          .statusCode,
      ).toBe(202);
    expect429(
      await post(system.gateway, '/api/analytics/page-visit', pageVisitBody('six4'), { ip: flooder }),
    );
    expect(
      (
        await post(system.gateway, '/api/analytics/page-visit', pageVisitBody('six5'), {
          ip: '2001:db8:2::10',
        })
      ).statusCode,
    ).toBe(202);
  });
});

describe('contact form (per IP at the reports service)', () => {
  it('the third message from one address within the window is refused; another address still gets through', async () => {
    const ip = '198.51.100.20';
    expect((await post(system.gateway, '/api/contact', contactBody(), { ip })).statusCode).toBe(200);
    expect((await post(system.gateway, '/api/contact', contactBody(), { ip })).statusCode).toBe(200);
    expect429(await post(system.gateway, '/api/contact', contactBody(), { ip }));
    expect(
      (await post(system.gateway, '/api/contact', contactBody(), { ip: '198.51.100.21' })).statusCode,
    ).toBe(200);
    // Only the accepted messages reached the operator.
    expect(await system.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(3);
  });
});

describe('share images and stored reports (per client at the reports service)', () => {
  const shareBody = { results: { bmi: 22.4, bmiCategory: 'Normal' }, platform: 'whatsapp', uniqueId: 'u' };

  it('share images: a client over its budget gets 429; one IPv6 /64 is one client, another /64 is not', async () => {
    expect(
      (await post(system.gateway, '/api/generate-share-image', shareBody, { ip: '2001:db8:5:1::1' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(system.gateway, '/api/generate-share-image', shareBody, { ip: '2001:db8:5:1::2' }))
        .statusCode,
    ).toBe(200);
    expect429(
      await post(system.gateway, '/api/generate-share-image', shareBody, { ip: '2001:db8:5:1:ffff::9' }),
    );
    expect(
      (await post(system.gateway, '/api/generate-share-image', shareBody, { ip: '2001:db8:5:2::1' }))
        .statusCode,
    ).toBe(200);
    expect(await system.db.selectFrom('share_images').select('id').execute()).toHaveLength(3);
  });

  it('stored reports: the third submit-report from one address is refused and not stored', async () => {
    const report = (weight: number) => ({
      name: 'Ana Pop',
      email: 'ana.pop@example.com',
      metrics: {
        age: 30,
        gender: 'male',
        activityLevel: 'sedentary',
        measurementSystem: 'metric',
        weight,
        height: 180,
      },
      offers: [],
      consent: { healthData: true, newsletter: false },
    });
    const ip = '198.51.100.40';
    expect((await post(system.gateway, '/api/submit-report', report(80), { ip })).statusCode).toBe(200);
    expect((await post(system.gateway, '/api/submit-report', report(81), { ip })).statusCode).toBe(200);
    expect429(await post(system.gateway, '/api/submit-report', report(82), { ip }));
    expect(await system.db.selectFrom('health_metrics').select('id').execute()).toHaveLength(2);
  });
});

describe('admin login', () => {
  const login = (username: string, password: string, ip: string) =>
    post(system.gateway, '/api/admin/login', { username, password }, { ip });

  it('per IP: after 4 attempts from one address (any usernames) it is refused, even with the right password; other addresses are not', async () => {
    const ip = '192.0.2.30';
    for (const username of ['u1', 'u2', 'u3', 'u4'])
      expect((await login(username, 'wrong-password-1', ip)).statusCode).toBe(401);
    expect429(await login('alina', adminPassword, ip));
    expect((await login('alina', adminPassword, '192.0.2.31')).statusCode).toBe(200);
  });

  it('per username and network: after 2 failures (from addresses of one network) that account is refused from there; other accounts are not', async () => {
    expect((await login('mihai', 'wrong-password-1', '192.0.2.40')).statusCode).toBe(401);
    expect((await login('mihai', 'wrong-password-1', '192.0.2.41')).statusCode).toBe(401);
    expect429(await login('mihai', adminPassword, '192.0.2.42'));
    expect429(await login('MIHAI', adminPassword, '192.0.2.43'));
    expect((await login('alina', adminPassword, '192.0.2.44')).statusCode).toBe(200);
  });

  it('no operator lock-out: failures from network A leave network B free, and a known browser skips the username delay', async () => {
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    const attempt = (password: string, ip: string, cookie?: string) =>
      post(
        system.gateway,
        '/api/admin/login',
        { username: 'admin', password },
        { ip, headers: cookie ? { ...sameOrigin, cookie } : sameOrigin },
      );
    // The operator's own browser signed in before: it holds the device marker.
    const earlier = await attempt(adminPassword, '198.18.7.1');
    expect(earlier.statusCode).toBe(200);
    const marker = [earlier.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('bm_admin_device='))
      ?.split(';')[0];
    expect(marker).toBeDefined();

    // An attacker on network A spends the budget of admin there...
    expect((await attempt('wrong-password-1', '203.0.113.40')).statusCode).toBe(401);
    expect((await attempt('wrong-password-1', '203.0.113.41')).statusCode).toBe(401);
    expect429(await attempt(adminPassword, '203.0.113.42'));
    // ...and the right password from network B still logs in.
    expect((await attempt(adminPassword, '198.18.8.1')).statusCode).toBe(200);

    // Guessing from one more network starts the per-username wait: a new browser waits (never long)...
    expect((await attempt('wrong-password-1', '203.0.114.1')).statusCode).toBe(401);
    const waiting = await attempt(adminPassword, '198.18.9.1');
    expect429(waiting);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);
    // ...the operator's known browser does not.
    expect((await attempt(adminPassword, '198.18.10.1', marker)).statusCode).toBe(200);
  });

  it('forgot-password per IP: the third request from one address is refused; another address is answered', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 2; i++)
      expect(
        (await post(system.gateway, '/api/admin/forgot-password', { username: 'nobody' }, { ip })).statusCode,
      ).toBe(200);
    expect429(await post(system.gateway, '/api/admin/forgot-password', { username: 'nobody' }, { ip }));
    expect(
      (await post(system.gateway, '/api/admin/forgot-password', { username: 'nobody' }, { ip: '192.0.2.51' }))
        .statusCode,
    ).toBe(200);
  });
});
