// Visitors' addresses are stored truncated — /24 for IPv4, /48 for IPv6 — all the way: browser → gateway
// → tracking → Kafka → aggregator → Postgres, and on contact messages; the dashboard shows only what was
// stored. With IP_STORAGE=full they are kept whole. A visitor's own X-Forwarded-For cannot choose the
// address that is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessionCookie } from '@bodymetrics/service-kit';
import { eventually } from '@bodymetrics/testing';
import { pipelinePatience } from './pipeline';
import { contactBody, get, pageVisitBody, post } from './requests';
import { adminPassword, createOperator, startSystem, type System } from './system';

async function storedVisitIp(system: System, visitorId: string): Promise<string | null> {
  return eventually(async () => {
    const row = await system.db
      .selectFrom('page_visits')
      .select('ip_address')
      .where('visitor_id', '=', visitorId)
      .executeTakeFirstOrThrow();
    return row.ip_address;
  }, pipelinePatience);
}

async function storedClickIp(system: System, visitorId: string): Promise<string | null> {
  return eventually(async () => {
    const row = await system.db
      .selectFrom('affiliate_clicks')
      .select('ip_address')
      .where('visitor_id', '=', visitorId)
      .executeTakeFirstOrThrow();
    return row.ip_address;
  }, pipelinePatience);
}

async function contactIp(system: System, ip: string): Promise<string | null> {
  const email = `from-${ip.replace(/[^0-9a-f]/gi, '-')}@example.com`;
  expect((await post(system.gateway, '/api/contact', contactBody({ email }), { ip })).statusCode).toBe(200);
  const row = await system.db
    .selectFrom('contact_messages')
    .select('ip_address')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.ip_address;
}

const visitFrom = async (
  system: System,
  visitorId: string,
  ip: string,
  headers: Record<string, string> = {},
) => {
  const res = await post(system.gateway, '/api/analytics/page-visit', pageVisitBody(visitorId), {
    ip,
    headers,
  });
  expect(res.statusCode).toBe(202);
};

/**
 * A click from `ip` (202) on the system's offer, made on first use: tracking takes clicks on the offers it
 * has cached, so every click of the file goes to that one offer.
 */
async function clickFrom(system: System, visitorId: string, ip: string): Promise<void> {
  const offer =
    (await system.db.selectFrom('affiliate_offers').select('id').orderBy('id').executeTakeFirst()) ??
    (await system.db
      .insertInto('affiliate_offers')
      .values({
        title: 'Lean Shake',
        description: 'A shake',
        url: 'https://partner.example/lean',
        bmi_category: 'Overweight',
        goal: 'weight_loss',
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  const click = await post(
    system.gateway,
    '/api/affiliate-offers/click',
    { offerId: offer.id, visitorId },
    { ip },
  );
  expect(click.statusCode, click.body).toBe(202);
}

describe('IP_STORAGE=truncated (the default)', () => {
  let system: System;
  beforeAll(async () => {
    system = await startSystem({ label: 'ip_truncated', aggregator: true });
  });
  afterAll(async () => {
    await system?.close();
  });

  it.each([
    ['an IPv4 address', '203.0.113.77', '203.0.113.0'],
    ['an IPv6 address', '2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::'],
    ['an IPv4-mapped IPv6 address', '::ffff:198.51.100.9', '198.51.100.0'],
  ])('a page visit from %s is stored as its network only (%s → %s)', async (_kind, ip, stored) => {
    const visitorId = `visitor-${ip}`;
    await visitFrom(system, visitorId, ip);
    expect(await storedVisitIp(system, visitorId)).toBe(stored);
  });

  it('an offer click is stored truncated, and the dashboard shows only that', async () => {
    await clickFrom(system, 'clicker', '198.51.100.250');
    expect(await storedClickIp(system, 'clicker')).toBe('198.51.100.0');

    await createOperator(system.db, 'operator');
    const login = await post(system.gateway, '/api/admin/login', {
      username: 'operator',
      password: adminPassword,
    });
    const { sessionId } = login.json<{ sessionId: string }>();
    const recent = await get(system.gateway, '/api/analytics/recent-clicks?limit=20', {
      headers: { cookie: `${adminSessionCookie}=${sessionId}` },
    });
    expect(recent.json()).toEqual([
      expect.objectContaining({ visitorId: 'clicker', ipAddress: '198.51.100.0' }),
    ]);
  });

  it('a visitor cannot pick the stored address with their own X-Forwarded-For', async () => {
    await visitFrom(system, 'spoofer', '203.0.113.99', { 'x-forwarded-for': '192.0.2.1' });
    expect(await storedVisitIp(system, 'spoofer')).toBe('203.0.113.0');
  });

  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::'],
  ])('a contact message from %s is stored with %s', async (ip, stored) => {
    expect(await contactIp(system, ip)).toBe(stored);
  });

  it('no raw table holds a whole address', async () => {
    // A row of its own in each table, so the check below never runs over an empty one, whatever ran before.
    await visitFrom(system, 'last-check', '192.0.2.201');
    await clickFrom(system, 'last-check', '192.0.2.202');
    expect(await storedVisitIp(system, 'last-check')).toBe('192.0.2.0');
    expect(await storedClickIp(system, 'last-check')).toBe('192.0.2.0');
    expect(await contactIp(system, '192.0.2.203')).toBe('192.0.2.0');
    const visits = await system.db.selectFrom('page_visits').select('ip_address').execute();
    const clicks = await system.db.selectFrom('affiliate_clicks').select('ip_address').execute();
    const contacts = await system.db.selectFrom('contact_messages').select('ip_address').execute();
    expect(visits.length).toBeGreaterThan(0);
    expect(clicks.length).toBeGreaterThan(0);
    expect(contacts.length).toBeGreaterThan(0);
    for (const { ip_address } of [...visits, ...clicks, ...contacts]) expect(ip_address).toMatch(/(\.0|::)$/);
  });
});

describe('IP_STORAGE=full', () => {
  let system: System;
  beforeAll(async () => {
    system = await startSystem({ label: 'ip_full', aggregator: true, ipStorage: 'full' });
  });
  afterAll(async () => {
    await system?.close();
  });

  it.each(['203.0.113.77', '2001:db8:abcd:12:1:2:3:4'])(
    'page visits and contact messages keep %s whole',
    async (ip) => {
      await visitFrom(system, `whole-${ip}`, ip);
      expect(await storedVisitIp(system, `whole-${ip}`)).toBe(ip);
      expect(await contactIp(system, ip)).toBe(ip);
    },
  );
});
