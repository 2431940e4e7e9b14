import { describe, expect, it } from 'vitest';
import { visitorKeys, type SaltStore } from './visitor-key';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const noon = new Date('2026-11-23T10:00:00Z'); // 12:00 in Bucharest
const visit = { address: '203.0.113.7', userAgent: chrome, at: noon };

describe('daily visitor key', () => {
  it('is the same all day for one browser (whatever visitor ids its pages send), and keeps no address', async () => {
    const keys = visitorKeys('Europe/Bucharest');
    const a = await keys.keyFor(visit);
    const b = await keys.keyFor({ ...visit, at: new Date('2026-11-23T21:00:00Z') });
    expect(a).toBe(b);
    expect(a).toMatch(/^d:[A-Za-z0-9_-]{22}$/);
    expect(a).not.toContain('203');
  });

  it('differs by User-Agent and by address; an IPv6 /64 is one network', async () => {
    const keys = visitorKeys('Europe/Bucharest');
    const base = await keys.keyFor(visit);
    expect(await keys.keyFor({ ...visit, userAgent: firefox })).not.toBe(base);
    expect(await keys.keyFor({ ...visit, address: '203.0.113.8' })).not.toBe(base);
    const v6 = await keys.keyFor({ ...visit, address: '2001:db8:1:2::a' });
    expect(await keys.keyFor({ ...visit, address: '2001:db8:1:2:ffff::b' })).toBe(v6);
    expect(await keys.keyFor({ ...visit, address: '2001:db8:1:3::a' })).not.toBe(v6);
  });

  it('rotates at midnight in the operator time zone: the next day the same browser has a new key', async () => {
    const keys = visitorKeys('Europe/Bucharest');
    const lateEvening = await keys.keyFor({ ...visit, at: new Date('2026-11-23T21:59:00Z') }); // 23:59
    const afterMidnight = await keys.keyFor({ ...visit, at: new Date('2026-11-23T22:01:00Z') }); // 00:01
    expect(afterMidnight).not.toBe(lateEvening);
  });

  it('rotates at the very millisecond of local midnight in a zone a quarter hour off (Kathmandu, +05:45), reading the day once per quarter hour', async () => {
    const keys = visitorKeys('Asia/Kathmandu');
    const at = (iso: string) => keys.keyFor({ ...visit, at: new Date(iso) });
    const lastMoment = await at('2026-11-23T18:14:59.999Z'); // 23:59:59.999 on the 23rd in Kathmandu
    expect(await at('2026-11-23T18:00:00.000Z')).toBe(lastMoment); // the same quarter hour, the same day
    const firstMoment = await at('2026-11-23T18:15:00.000Z'); // 00:00 on the 24th
    expect(firstMoment).not.toBe(lastMoment);
    expect(await at('2026-11-23T18:29:59.999Z')).toBe(firstMoment);
    // Back in the earlier quarter hour (a request stamped late): its own day again, not the cached one.
    expect(await at('2026-11-23T18:14:00.000Z')).not.toBe(firstMoment);
  });

  it('asks the store for one salt per day, with a life that ends with the day', async () => {
    const asked: [string, number][] = [];
    const store: SaltStore = {
      saltOf: (day, ttl) => {
        asked.push([day, ttl]);
        return Promise.resolve(`salt-${day}`);
      },
    };
    const keys = visitorKeys('Europe/Bucharest', store);
    await keys.keyFor(visit);
    await keys.keyFor({ ...visit, at: new Date('2026-11-23T11:00:00Z') });
    expect(asked).toEqual([['2026-11-23', 12 * 3600 + 60]]);
  });

  it('keeps answering with its own salt when the shared store fails', async () => {
    const errors: unknown[] = [];
    const keys = visitorKeys(
      'Europe/Bucharest',
      { saltOf: () => Promise.reject(new Error('redis down')) },
      (err) => errors.push(err),
    );
    const a = await keys.keyFor(visit);
    expect(await keys.keyFor(visit)).toBe(a);
    expect(errors).toHaveLength(1);
  });
});
