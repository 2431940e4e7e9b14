// Clients as a real crowd is: each on an address of its own, with a browser of its own. The services count
// and cap by client, not by the ids a page sends: a daily visitor is a network and a User-Agent
// (service-kit's visitor key), and the live list takes at most PRESENCE_MAX_PER_NETWORK visitors from one
// IPv4 /24. A benchmark sending from one address would be one visitor, or twenty on the live list, however
// many ids it made up. The benchmarks run on one host, so the address travels as the gateway hands it on:
// in X-Forwarded-For, which every service behind the gateway trusts for one hop.

/** The live list's cap per client network (live's PRESENCE_MAX_PER_NETWORK default). */
export const clientsPerNetwork = 20;

/**
 * Client `n`'s address: 10.a.b.h, `perNetwork` clients to each /24 (hosts 1 to `perNetwork`), the /24s
 * counted from `firstNetwork` (so two crowds of one run, given apart first networks, share none).
 */
export function crowdAddress(n: number, { perNetwork = clientsPerNetwork, firstNetwork = 0 } = {}): string {
  if (perNetwork < 1 || perNetwork > 254) throw new Error(`perNetwork must be 1 to 254, not ${perNetwork}`);
  const network = firstNetwork + Math.floor(n / perNetwork);
  if (network > 0xffff) throw new Error(`client ${n} needs a /24 past 10.255.255.0 (network ${network})`);
  return `10.${network >> 8}.${network & 255}.${(n % perNetwork) + 1}`;
}

const chromeBuild = /Chrome\/(\d+)\.0\.0\.0/;

/**
 * Client `n`'s User-Agent: `userAgent` (a Chrome's, as its reduced User-Agent reads) at a build of its own,
 * so no two clients of a crowd share one; still a person's browser, never a bot's.
 */
export function crowdUserAgent(userAgent: string, n: number): string {
  if (!chromeBuild.test(userAgent)) throw new Error(`not a Chrome User-Agent: ${userAgent}`);
  return userAgent.replace(
    chromeBuild,
    (_, major: string) => `Chrome/${major}.0.${n % 10_000}.${Math.floor(n / 10_000)}`,
  );
}
