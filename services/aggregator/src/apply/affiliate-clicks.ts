// tracking.affiliate-click.v1 → affiliate_clicks (raw; the title and URL are the offer's, stamped by tracking,
// and filled in here for events from before it did), affiliate_daily_clicks (clicks, unique clicks), daily_visits.affiliate_clicks,
// session_metrics (clicks, conversion) and daily_traffic.converted for first conversions. The offer's own
// counter moves for bridge clicks and for the `api` counter calls, which are not analytics clicks
// (offer-counter.ts): a click on the results page is one analytics click and one counter call.
import type { AffiliateClickEvent, Envelope } from '@bodymetrics/contracts';
import { countLeftOutBots, isBotEvent } from '../bots';
import { countedVisitor } from '../counted-visitor';
import { localDate } from '../local-date';
import { chunks, incrementRows, type Trx } from '../sql-helpers';
import { addToOfferCounters, applyOfferCounterCalls } from './offer-counter';
import { applyVisitorDeltas } from './session-metrics';
import { countConversions } from './traffic';
import { firstClicksOfTheDay } from './unique-clicks';
import { applySessionIncrements } from './visits';

export async function applyAffiliateClickEvents(
  trx: Trx,
  batch: Envelope<AffiliateClickEvent>[],
  timeZone: string,
): Promise<void> {
  await applyOfferCounterCalls(
    trx,
    batch.filter((e) => e.payload.source === 'api'),
    timeZone,
  );
  const events = batch.filter((e) => e.payload.source !== 'api');
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
  const isBot = (e: Envelope<AffiliateClickEvent>) => isBotEvent(e.payload.isBot, e.payload.userAgent);
  const fresh = new Set<string>();
  for (const slice of chunks(events)) {
    const rows = await trx
      .insertInto('affiliate_clicks')
      .values(
        slice.map((e) => ({
          event_id: e.id,
          offer_id: e.payload.offerId,
          offer_title: e.payload.offerTitle ?? offers.get(e.payload.offerId)?.title ?? null,
          offer_url: e.payload.offerUrl ?? offers.get(e.payload.offerId)?.url ?? null,
          visitor_id: e.payload.visitorId,
          ip_address: e.payload.ipAddress,
          user_agent: e.payload.userAgent,
          referrer: e.payload.referrer,
          source: e.payload.source,
          clicked_at: e.receivedAt,
          click_date: localDate(e.receivedAt, timeZone),
          is_bot: isBot(e),
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .execute();
    for (const r of rows) fresh.add(r.event_id);
  }
  await countLeftOutBots(
    trx,
    events.filter((e) => fresh.has(e.id) && isBot(e)),
    timeZone,
  );
  const counted = events.filter((e) => fresh.has(e.id) && !isBot(e));
  if (!counted.length) return;
  // A click engages its session's visit (apply/visits.ts); the body-less counter call names no session.
  const visitFigures = await applySessionIncrements(
    trx,
    counted.map((e) => ({
      sessionId: e.payload.sessionId,
      visitorId: e.payload.visitorId,
      date: localDate(e.receivedAt, timeZone),
      at: e.receivedAt,
      offerClicks: 1,
    })),
  );

  const unique = await firstClicksOfTheDay(trx, counted, timeZone);
  await incrementRows(
    trx,
    {
      table: 'affiliate_daily_clicks',
      keys: ['date', 'offer_id'],
      counters: ['clicks', 'unique_clicks'],
      greatest: ['last_clicked_at'],
    },
    [
      ...counted.map((e) => ({
        date: localDate(e.receivedAt, timeZone),
        offer_id: e.payload.offerId,
        clicks: 1,
        unique_clicks: 0,
        last_clicked_at: e.receivedAt,
      })),
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
    [
      ...counted.map((e) => ({ date: localDate(e.receivedAt, timeZone), affiliate_clicks: 1 })),
      ...visitFigures.daily,
    ],
  );
  await addToOfferCounters(
    trx,
    counted.filter((e) => e.payload.source === 'bridge').map((e) => e.payload.offerId),
  );

  const visitors = [...new Set(counted.map((e) => e.payload.visitorId).filter((v): v is string => !!v))];
  if (!visitors.length) return;
  await applyVisitorDeltas(trx, [
    ...counted
      .filter((e) => e.payload.visitorId)
      .map((e) => ({
        visitorId: e.payload.visitorId as string,
        firstSeen: e.receivedAt,
        lastSeen: e.receivedAt,
        affiliateClicks: 1,
        converted: true,
      })),
    // Only clicks that name a visitor reach a session, so this is empty whenever `visitors` is.
    ...visitFigures.visitorDeltas,
  ]);
  await countConversions(
    trx,
    counted.flatMap((e) =>
      e.payload.visitorId
        ? [{ visitorKey: countedVisitor({ ...e.payload, visitorId: e.payload.visitorId }), at: e.receivedAt }]
        : [],
    ),
  );
}
