// The one bot decision (design.md §8): made by tracking on every event it accepts and by the live socket,
// carried on the event as `isBot`, honoured by the aggregator. isbot is the maintained crawler/headless
// detector (Googlebot, HeadlessChrome, curl, …); a request with no or an empty User-Agent is not a browser
// (every browser sends one), so it is a bot too.
import { isbot } from 'isbot';

/**
 * Whether a request is a bot: its User-Agent header missing or blank, or it or a user agent the page
 * reported (`claimed`) recognised by isbot.
 */
export function isBotRequest(
  requestUserAgent: string | null | undefined,
  ...claimed: (string | null | undefined)[]
): boolean {
  if (!requestUserAgent?.trim()) return true;
  return isBotAgentOfUnflaggedEvent(requestUserAgent, ...claimed);
}

/**
 * The decision for an event stored before tracking stamped `isBot`: only isbot on the user agents it
 * carries. A missing user agent there means "not recorded" (older events), and a replay must count such
 * an event exactly as it was counted the first time.
 */
export function isBotAgentOfUnflaggedEvent(...agents: (string | null | undefined)[]): boolean {
  return agents.some((agent) => !!agent && isbot(agent));
}
