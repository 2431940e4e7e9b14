// tracking.affiliate-click.v1: a click on an offer (source results or bridge), or the spec's counter call
// (source api), which is not an analytics click (offer-counter.ts): a click on the results page is one
// analytics click and one counter call. The offer's own counter moves for bridge clicks and counter calls.
// Only events whose raw row is new (first delivery) move an aggregate; a bot's click moves daily_bot_events only.
// Each new click is judged once, before any aggregate moves (click-verdicts.ts): a suspicious click counts as a
// click everywhere below, and is counted apart too, so EPC, CTR and the offers' shares can leave it out.
//
//   event field                        → table.column
//   (the whole click)                  → affiliate_clicks.*  (raw: affiliateClickRow; the title and URL are
//                                        the offer's, stamped by tracking, filled in from affiliate_offers for
//                                        events from before it did)
//   clickId                            → affiliate_clicks.click_id (unique: a click naming a click id already
//                                        stored is not stored nor counted; GET /api/postback finds clicks by it)
//   source api                         → offer_counter_clicks.*, affiliate_offers.clicks (offer-counter.ts)
//   isBot (enriched: tracking's, or    → affiliate_clicks.is_bot, daily_bot_events.events (bots: nothing below)
//     the User-Agent rule)
//   suspicion (the verdict: visitor,   → affiliate_clicks.suspicious, .suspicion_reasons; the suspicious_clicks
//     ipAddress, offerId, source,        of affiliate_daily_clicks (and bridge_/results_), daily_campaigns,
//     sessionId, date, isBot)            campaign_pending_clicks and daily_traffic below
//   date (enriched: the operator's     → the `date` of every daily row below
//     day of receivedAt)
//   offerId                            → affiliate_daily_clicks.offer_id, .clicks, .last_clicked_at;
//                                        daily_visits.affiliate_clicks
//   source bridge / results            → affiliate_daily_clicks.bridge_clicks / .results_clicks
//   offerId, visitor (enriched: the    → affiliate_click_visitors (offer, visitor, day),
//     counted visitor)
//                                        affiliate_daily_clicks.unique_clicks (unique-clicks.ts)
//   source bridge, offerId             → affiliate_offers.clicks (offer-counter.ts)
//   sessionId, visitorId               → visitor_sessions.offer_clicks, and through it daily_visits.sessions,
//                                        .bounced_sessions, .visit_seconds, session_metrics.total_visits,
//                                        .bounced_visits, .bounce_rate (apply/visits.ts)
//   visitorId, receivedAt              → session_metrics.visitor_id, .first_visit, .last_visit,
//                                        .affiliate_clicks_count, .conversion_completed
//   visitor, first click ever          → visitor_conversions, daily_traffic.converted under the visitor's
//                                        first touch (traffic.ts)
//   visitor, date                      → daily_campaigns.clicks under the visitor's first-touch campaign and
//                                        daily_traffic.clicks under its source, or campaign_pending_clicks
//                                        until that touch is applied (campaigns.ts)
import type { AffiliateClickEvent } from '@bodymetrics/contracts';
import type { Enriched } from '../enrich';
import { affiliateClickRow, isCounterCall } from '../raw-rows';
import { incrementRows, type Trx } from '../sql-helpers';
import { defaultClickRules, type ClickRules } from '../suspicion';
import { judgeClicks, lockClickKeys, type CheckedClick } from './click-verdicts';
import { firstDeliveries, leaveOutBots } from './counted-events';
import { addToOfferCounters, applyOfferCounterCalls } from './offer-counter';
import { applyVisitorDeltas, visitorSeenAt } from './session-metrics';
import { countCampaignClicks } from './campaigns';
import { addTrafficRows, countConversions } from './traffic';
import { firstClicksOfTheDay } from './unique-clicks';
import { applySessionIncrements, sessionIncrementOf } from './visits';

export async function applyAffiliateClickEvents(
  trx: Trx,
  batch: Enriched<AffiliateClickEvent>[],
  rules: ClickRules = defaultClickRules,
): Promise<void> {
  const events = batch.filter((e) => !isCounterCall(e));
  // First, before the counter calls lock their offers' rows: the verdict's locks (click-verdicts.ts).
  await lockClickKeys(trx, events);
  await applyOfferCounterCalls(trx, batch.filter(isCounterCall));
  if (!events.length) return;
  const offerIds = [...new Set(events.map((e) => e.payload.offerId))];
  const offers = new Map(
    (
      await trx
        .selectFrom('affiliate_offers')
        .select(['id', 'title', 'url'])
        .where('id', 'in', offerIds)
        .execute()
    ).map((o) => [o.id, o]),
  );
  const fresh = await firstDeliveries(trx, 'affiliate_clicks', events, (e) =>
    affiliateClickRow(e, (id) => offers.get(id)),
  );
  const counted = await leaveOutBots(trx, await judgeClicks(trx, fresh, rules));
  if (!counted.length) return;
  // A click engages its session's visit (apply/visits.ts); the body-less counter call names no session.
  const visitFigures = await applySessionIncrements(
    trx,
    counted.map((e) => sessionIncrementOf(e, { offerClicks: 1 })),
  );

  const unique = await firstClicksOfTheDay(trx, counted);
  await incrementRows(
    trx,
    {
      table: 'affiliate_daily_clicks',
      keys: ['date', 'offer_id'],
      counters: [
        'clicks',
        'unique_clicks',
        'bridge_clicks',
        'results_clicks',
        'suspicious_clicks',
        'bridge_suspicious_clicks',
        'results_suspicious_clicks',
      ],
      greatest: ['last_clicked_at'],
    },
    [
      ...counted.map(dailyClickOf),
      ...unique.map((u) => ({
        date: u.date,
        offer_id: u.offerId,
        clicks: 0,
        unique_clicks: 1,
        last_clicked_at: u.clickedAt,
      })),
    ],
  );
  await incrementRows(
    trx,
    {
      table: 'daily_visits',
      keys: ['date'],
      counters: ['affiliate_clicks', 'sessions', 'bounced_sessions', 'visit_seconds'],
    },
    [...counted.map((e) => ({ date: e.date, affiliate_clicks: 1 })), ...visitFigures.daily],
  );
  await addToOfferCounters(
    trx,
    counted.filter((e) => e.payload.source === 'bridge').map((e) => e.payload.offerId),
  );

  const visitors = [...new Set(counted.map((e) => e.payload.visitorId).filter((v): v is string => !!v))];
  if (!visitors.length) return;
  await applyVisitorDeltas(trx, [
    ...counted.flatMap(({ payload: { visitorId }, receivedAt }) =>
      visitorId ? [visitorSeenAt(visitorId, receivedAt, { affiliateClicks: 1, converted: true })] : [],
    ),
    // Only clicks that name a visitor reach a session, so this is empty whenever `visitors` is.
    ...visitFigures.visitorDeltas,
  ]);
  const byVisitor = counted.flatMap(({ visitor, receivedAt, date, suspicion }) =>
    visitor ? [{ visitorKey: visitor, at: receivedAt, date, suspicious: suspicion.suspicious }] : [],
  );
  await addTrafficRows(trx, [
    ...(await countConversions(trx, byVisitor)),
    ...(await countCampaignClicks(trx, byVisitor)),
  ]);
}

/** A counted click's row of affiliate_daily_clicks: its page (CTR by placement) and, if so, as suspicious. */
function dailyClickOf(e: CheckedClick) {
  const suspicious = e.suspicion.suspicious ? 1 : 0;
  const onBridge = e.payload.source === 'bridge' ? 1 : 0;
  const onResults = e.payload.source === 'results' ? 1 : 0;
  return {
    date: e.date,
    offer_id: e.payload.offerId,
    clicks: 1,
    unique_clicks: 0,
    // The page the click was made on, for click-through by placement (offer-impressions.ts).
    bridge_clicks: onBridge,
    results_clicks: onResults,
    suspicious_clicks: suspicious,
    bridge_suspicious_clicks: onBridge * suspicious,
    results_suspicious_clicks: onResults * suspicious,
    last_clicked_at: e.receivedAt,
  };
}
