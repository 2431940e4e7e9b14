// The suspicion verdict, rule by rule (docs/counting.md: Suspicious click): a click of a person who saw the
// page, read the offers and clicked once is clean; each rule broken adds its reason, in the vocabulary's order.
import { describe, expect, it } from 'vitest';
import { suspicionReasons } from '@bodymetrics/contracts';
import { suspicionOf, type ClickFacts } from './suspicion';

const rules = { clicksPerMinute: 6 };

/** A person's click: page viewed today, offers shown 5 s before, their first click of the minute. */
const clean: ClickFacts = {
  msSinceOffersShown: null,
  visitorClicksInMinute: 1,
  networkClicksInMinute: 1,
  earlierClicksOnOffer: 0,
  pageViewToday: true,
  isBot: false,
};

const verdict = (facts: Partial<ClickFacts>, clicksPerMinute = rules.clicksPerMinute) =>
  suspicionOf({ ...clean, ...facts }, { clicksPerMinute });

describe('the suspicion verdict of a click', () => {
  it('is clean for a person who viewed the page and clicked once, long after the offers showed', () => {
    expect(verdict({})).toEqual({ suspicious: false, reasons: [] });
  });

  it('offers_just_shown: a click under 800 ms after its page showed the offer', () => {
    expect(verdict({ msSinceOffersShown: 0 })).toEqual({ suspicious: true, reasons: ['offers_just_shown'] });
    expect(verdict({ msSinceOffersShown: 799 }).reasons).toEqual(['offers_just_shown']);
    // 800 ms and more is a person's pace (the look-up finds no showing further back than 800 ms).
    expect(verdict({ msSinceOffersShown: 800 })).toEqual({ suspicious: false, reasons: [] });
  });

  it('visitor_click_rate: past SUSPICIOUS_CLICKS_PER_MINUTE clicks of one visitor in a minute', () => {
    expect(verdict({ visitorClicksInMinute: 6, networkClicksInMinute: 6 }).suspicious).toBe(false);
    expect(verdict({ visitorClicksInMinute: 7, networkClicksInMinute: 7 }).reasons).toEqual([
      'visitor_click_rate',
      'network_click_rate',
    ]);
    // The setting decides: 3 a minute makes the fourth suspicious.
    expect(verdict({ visitorClicksInMinute: 4 }, 3).reasons).toEqual(['visitor_click_rate']);
  });

  it('network_click_rate: past the same budget from one network, whatever visitor keys it shows', () => {
    expect(verdict({ networkClicksInMinute: 7 })).toEqual({
      suspicious: true,
      reasons: ['network_click_rate'],
    });
  });

  it('repeated_offer_click: the visitor clicked this offer within the last minutes', () => {
    expect(verdict({ earlierClicksOnOffer: 1 })).toEqual({
      suspicious: true,
      reasons: ['repeated_offer_click'],
    });
  });

  it('no_page_view: no counted page view of the visitor that day (or the click names nobody)', () => {
    expect(verdict({ pageViewToday: false })).toEqual({ suspicious: true, reasons: ['no_page_view'] });
  });

  it('automation: the bot rule said so', () => {
    expect(verdict({ isBot: true })).toEqual({ suspicious: true, reasons: ['automation'] });
  });

  it('lists every rule broken, in the vocabulary order', () => {
    expect(
      verdict({
        isBot: true,
        pageViewToday: false,
        earlierClicksOnOffer: 3,
        networkClicksInMinute: 20,
        visitorClicksInMinute: 20,
        msSinceOffersShown: 10,
      }),
    ).toEqual({ suspicious: true, reasons: [...suspicionReasons] });
  });
});
