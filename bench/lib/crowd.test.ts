// A benchmark's crowd: distinct clients, never more to one network than the live list's cap takes, each
// with a person's browser of its own.
import { isBotRequest } from '@bodymetrics/contracts';
import { describe, expect, it } from 'vitest';
import { clientsPerNetwork, crowdAddress, crowdUserAgent } from './crowd';

const networkOf = (address: string) => address.split('.').slice(0, 3).join('.');
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('a crowd', () => {
  const addresses = Array.from({ length: 10_000 }, (_, n) => crowdAddress(n));

  it('gives every client an address of its own', () => {
    expect(new Set(addresses).size).toBe(10_000);
    for (const a of addresses) expect(a).toMatch(/^10\.\d{1,3}\.\d{1,3}\.([1-9]|1\d|20)$/);
  });

  it('puts as many clients in one /24 as the live list takes from it, and no more', () => {
    const perNetwork = new Map<string, number>();
    for (const a of addresses) perNetwork.set(networkOf(a), (perNetwork.get(networkOf(a)) ?? 0) + 1);
    expect(Math.max(...perNetwork.values())).toBe(clientsPerNetwork);
    expect(perNetwork.size).toBe(10_000 / clientsPerNetwork);
  });

  it('shares no network with a crowd that starts at another first network', () => {
    const probes = Array.from({ length: 60 }, (_, n) => crowdAddress(n, { firstNetwork: 60_000 }));
    const visitorNetworks = new Set(addresses.map(networkOf));
    expect(probes.filter((a) => visitorNetworks.has(networkOf(a)))).toEqual([]);
  });

  it('refuses a client past the last /24 rather than wrapping onto another client', () => {
    expect(() => crowdAddress(65_536 * 20)).toThrow(/past 10.255.255.0/);
  });

  it('gives every client a browser of its own, a person’s', () => {
    const agents = Array.from({ length: 20_000 }, (_, n) => crowdUserAgent(chrome, n));
    expect(new Set(agents).size).toBe(20_000);
    expect(agents[12_345]).toContain('Chrome/131.0.2345.1 ');
    expect(agents.filter((a) => isBotRequest(a))).toEqual([]);
  });
});
