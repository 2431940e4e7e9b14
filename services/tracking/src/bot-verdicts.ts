// The one bot decision (contracts' isBotRequest), remembered per pair of user agents. isbot tests one large
// rule per call, about 4 % of the gateway's CPU per tracking event in the ingest profile, and a site's events
// come from a few thousand distinct user agents, each of them again and again (every step of every visit).
// Only user agents are kept, never an address; the memory is bounded by their length.
import { LRUCache } from 'lru-cache';
import { isBotRequest } from '@bodymetrics/contracts';

const verdicts = new LRUCache<string, boolean>({
  maxSize: 4_000_000,
  sizeCalculation: (_verdict, key) => Math.max(1, key.length),
});

/** isBotRequest(requestUserAgent, claimedUserAgent), worked out once per pair while it stays in memory. */
export function isBotRequestRemembered(
  requestUserAgent: string | null | undefined,
  claimedUserAgent?: string | null,
): boolean {
  if (!requestUserAgent) return isBotRequest(requestUserAgent, claimedUserAgent);
  // A newline never appears in a header value, so the pair's key is unambiguous.
  const key = claimedUserAgent ? `${requestUserAgent}\n${claimedUserAgent}` : requestUserAgent;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = isBotRequest(requestUserAgent, claimedUserAgent);
    verdicts.set(key, verdict);
  }
  return verdict;
}
