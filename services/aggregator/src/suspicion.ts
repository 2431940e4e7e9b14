// The suspicion verdict of an offer click (docs/counting.md: Suspicious click): from the facts the aggregator
// looked up when it counted the click (apply/click-verdicts.ts), whether the click is suspicious and why.
// Pure, so each rule is tested on its own; the look-ups bound themselves by the windows below, and this decides.
import { suspicionReasons, type SuspicionReason } from '@bodymetrics/contracts';

/** The rules' settings. */
export interface ClickRules {
  /** SUSPICIOUS_CLICKS_PER_MINUTE: past this many clicks in a minute, a visitor's or a network's clicks are suspicious. */
  clicksPerMinute: number;
}

export const defaultSuspiciousClicksPerMinute = 6;
export const defaultClickRules: ClickRules = { clicksPerMinute: defaultSuspiciousClicksPerMinute };

/** The windows the rules look back over (fixed: the per-minute budget is the setting). */
export const suspicionWindows = {
  /** A click this soon after its page showed the offer is quicker than a person reads a card. */
  offersShownMs: 800,
  /** The per-minute budget's window. */
  rateMs: 60_000,
  /** A visitor's click on an offer they clicked this recently on the same page is a repeat. */
  repeatMs: 10 * 60_000,
} as const;

/** What the aggregator knew about a click when it counted it. */
export interface ClickFacts {
  /**
   * Milliseconds from the latest showing of the offer to the click's visitor on the click's page (its
   * placement and, when the click names one, its tab session) up to the click; null when none was shown
   * within `offersShownMs` before it.
   */
  msSinceOffersShown: number | null;
  /** The visitor key's clicks received in the minute up to this one, this one included (0: it names no visitor). */
  visitorClicksInMinute: number;
  /** The same for its network (the stored address: a /24 or /48 when IP_STORAGE is truncated; 0: none stored). */
  networkClicksInMinute: number;
  /**
   * The visitor's clicks on this offer on the same page (bridge or results) received within `repeatMs` before
   * this one. The same offer clicked on the bridge, then on the results page, is the flow, not a repeat.
   */
  earlierClicksOnOffer: number;
  /** Whether the visitor has a counted page view on the click's day (ANALYTICS_TZ). */
  pageViewToday: boolean;
  /** The bot rule's verdict (enrich.ts): automation the User-Agent gave away. */
  isBot: boolean;
}

export interface Suspicion {
  suspicious: boolean;
  /** Every rule the click broke, in contracts' suspicionReasons order; empty when it broke none. */
  reasons: SuspicionReason[];
}

const broken: Record<SuspicionReason, (f: ClickFacts, rules: ClickRules) => boolean> = {
  offers_just_shown: (f) =>
    f.msSinceOffersShown !== null && f.msSinceOffersShown < suspicionWindows.offersShownMs,
  visitor_click_rate: (f, rules) => f.visitorClicksInMinute > rules.clicksPerMinute,
  network_click_rate: (f, rules) => f.networkClicksInMinute > rules.clicksPerMinute,
  repeated_offer_click: (f) => f.earlierClicksOnOffer > 0,
  no_page_view: (f) => !f.pageViewToday,
  automation: (f) => f.isBot,
};

export function suspicionOf(facts: ClickFacts, rules: ClickRules): Suspicion {
  const reasons = suspicionReasons.filter((reason) => broken[reason](facts, rules));
  return { suspicious: reasons.length > 0, reasons };
}
