// The visitor's address as the gateway saw it (fastify's trustProxy reads X-Forwarded-For), truncated
// for privacy (the operator is in the EU): /24 for IPv4, /48 for IPv6, unless configured to keep it whole.
import { isIP } from 'node:net';

export type IpStorage = 'truncated' | 'full' | 'none';

export function storableIp(ip: string | undefined, mode: IpStorage = 'truncated'): string | null {
  if (!ip || mode === 'none') return null;
  const addr = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (mode === 'full') return addr;
  if (isIP(addr) === 4) return addr.split('.').slice(0, 3).concat('0').join('.');
  if (isIP(addr) === 6) {
    const full = expandIpv6(addr);
    return `${full.slice(0, 3).join(':')}::`;
  }
  return null;
}

function expandIpv6(addr: string): string[] {
  const [head = '', tail = ''] = addr.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const missing = 8 - h.length - t.length;
  return [...h, ...Array<string>(Math.max(0, missing)).fill('0'), ...t].map((g) => g.replace(/^0+(?=.)/, ''));
}

const unmapped = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/**
 * The bucket a per-client limit counts in: one IPv4 address, or one IPv6 /64 — a home or an ISP customer
 * gets a whole /64, so counting exact IPv6 addresses would give one client unlimited budgets.
 */
export function rateLimitKey(ip: string): string {
  const addr = unmapped(ip);
  if (isIP(addr) === 6) return `${expandIpv6(addr).slice(0, 4).join(':')}::/64`;
  return addr;
}

/**
 * The network a client sits in, for caps that must hold against one party with many addresses
 * (presence entries, login failures): an IPv4 /24 or an IPv6 /64.
 */
export function clientNetwork(ip: string): string {
  const addr = unmapped(ip);
  if (isIP(addr) === 4) return `${addr.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(addr) === 6) return `${expandIpv6(addr).slice(0, 4).join(':')}::/64`;
  return addr;
}
