// Checked clicks against a real Postgres (docs/counting.md: Suspicious click): each rule judged from what the
// aggregator has stored when it counts the click, the verdict stored with the raw click and carried to the
// daily aggregates; a batch delivered again is not judged again; and two transactions judging clicks of one
// network (two aggregators, or two partitions at once) take turns, so the later counts the earlier's clicks.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { topics, type Envelope, type TopicKey } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { it } from '@bodymetrics/testing/fixtures';
import { applyBatchToDb } from './app';

const tz = 'Europe/Bucharest';
const start = Date.now() - 120_000;
const at = (ms: number) => new Date(start + ms).toISOString();
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';

const envelope = (topic: TopicKey, ms: number, payload: object): Envelope<unknown> => ({
  id: randomUUID(),
  type: topics[topic].type,
  version: 1,
  receivedAt: at(ms),
  payload,
});

const pageView = (visitor: string, ms: number) =>
  envelope('pageVisit', ms, {
    kind: 'visit',
    visitorId: `${visitor}-device`,
    visitorKey: `d:${visitor}`,
    sessionId: `${visitor}-tab`,
    pageUrl: 'https://bodymetrics.example/',
    deviceType: 'desktop',
    browserName: 'Firefox',
    operatingSystem: 'Linux',
    screenResolution: '1280x800',
    language: 'ro-RO',
    timeZone: tz,
    isReturningVisitor: 0,
    trafficSource: { source: 'direct', medium: 'none' },
    ipAddress: '203.0.113.0',
    requestUserAgent: firefox,
    isBot: false,
  });

const offersShown = (visitor: string, ms: number, offerIds: number[]) =>
  envelope('offerImpression', ms, {
    visitorId: `${visitor}-device`,
    visitorKey: `d:${visitor}`,
    sessionId: `${visitor}-tab`,
    placement: 'bridge',
    offerIds,
    isBot: false,
  });

/** Each visitor's own network unless a click names one (a /24, as IP_STORAGE=truncated stores it). */
const networks = new Map<string, string>();
const networkOf = (visitor: string) => {
  if (!networks.has(visitor)) networks.set(visitor, `198.51.${networks.size}.0`);
  return networks.get(visitor)!;
};

interface ClickOf {
  offerId: number;
  source?: 'bridge' | 'results';
  network?: string;
  isBot?: boolean;
}
const click = (
  visitor: string,
  ms: number,
  { offerId, source = 'bridge', network, isBot = false }: ClickOf,
) =>
  envelope('affiliateClick', ms, {
    offerId,
    offerTitle: `Offer ${offerId}`,
    offerUrl: 'https://partner.example.com/',
    visitorId: `${visitor}-device`,
    visitorKey: `d:${visitor}`,
    sessionId: `${visitor}-tab`,
    referrer: null,
    userAgent: isBot ? 'curl/8.5.0' : firefox,
    ipAddress: network ?? networkOf(visitor),
    source,
    clickId: randomUUID(),
    isBot,
  });

const apply = (db: Db, topic: TopicKey, events: Envelope<unknown>[]) =>
  db.transaction().execute((trx) => applyBatchToDb(trx, { topic: topics[topic], events }, tz));

const verdicts = async (db: Db, events: Envelope<unknown>[]) => {
  const rows = await db
    .selectFrom('affiliate_clicks')
    .select(['event_id', 'suspicious', 'suspicion_reasons'])
    .where(
      'event_id',
      'in',
      events.map((e) => e.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.event_id, [r.suspicious, r.suspicion_reasons] as const]));
  return events.map((e) => byId.get(e.id));
};

describe('checked clicks', () => {
  it('judges each click by what is stored when it is counted, keeps the reasons, and carries the verdict to the day', async ({
    database,
  }) => {
    const { db } = database;
    await apply(db, 'pageVisit', [pageView('ana', 0)]);
    await apply(db, 'offerImpression', [offersShown('ana', 1_000, [101, 102])]);
    const clicks = [
      // 300 ms after the bridge showed offer 101: quicker than anyone reads it.
      click('ana', 1_300, { offerId: 101 }),
      // Offer 102, 4 s after it showed, on the results page (not where it was shown 4 s before): clean.
      click('ana', 5_000, { offerId: 102, source: 'results' }),
      // Offer 102 again a second later: a repeat.
      click('ana', 6_000, { offerId: 102, source: 'results' }),
      // Nobody by that key viewed a page today.
      click('ghost', 7_000, { offerId: 101 }),
      // A bot's click: automation (and no page view either).
      click('crawler', 8_000, { offerId: 101, isBot: true }),
    ];
    await apply(db, 'affiliateClick', clicks);

    const judged = [
      [true, ['offers_just_shown']],
      [false, []],
      [true, ['repeated_offer_click']],
      [true, ['no_page_view']],
      [true, ['no_page_view', 'automation']],
    ];
    expect(await verdicts(db, clicks)).toEqual(judged);
    const daily = await db
      .selectFrom('affiliate_daily_clicks')
      .select([
        'offer_id',
        'clicks',
        'suspicious_clicks',
        'bridge_clicks',
        'bridge_suspicious_clicks',
        'results_clicks',
        'results_suspicious_clicks',
      ])
      .orderBy('offer_id')
      .execute();
    // The bot's click is in no count; the suspicious ones are counted as clicks and apart.
    expect(daily).toEqual([
      {
        offer_id: 101,
        clicks: 2,
        suspicious_clicks: 2,
        bridge_clicks: 2,
        bridge_suspicious_clicks: 2,
        results_clicks: 0,
        results_suspicious_clicks: 0,
      },
      {
        offer_id: 102,
        clicks: 2,
        suspicious_clicks: 1,
        bridge_clicks: 0,
        bridge_suspicious_clicks: 0,
        results_clicks: 2,
        results_suspicious_clicks: 1,
      },
    ]);

    // Delivered again (and in another batch order): no click is judged again, no count moves.
    await apply(db, 'affiliateClick', [...clicks].reverse());
    expect(await verdicts(db, clicks)).toEqual(judged);
    expect(
      await db
        .selectFrom('affiliate_daily_clicks')
        .select(['offer_id', 'clicks', 'suspicious_clicks'])
        .orderBy('offer_id')
        .execute(),
    ).toEqual([
      { offer_id: 101, clicks: 2, suspicious_clicks: 2 },
      { offer_id: 102, clicks: 2, suspicious_clicks: 1 },
    ]);
  });

  it('counts the clicks of a minute per visitor in the order received, whatever batch brought them', async ({
    database,
  }) => {
    const { db } = database;
    await apply(db, 'pageVisit', [pageView('rapid', 0)]);
    // Nine clicks of one visitor on nine offers within 9 s, in three batches: the 7th, 8th and 9th are past 6.
    const clicks = Array.from({ length: 9 }, (_, i) =>
      click('rapid', 20_000 + i * 1_000, { offerId: 201 + i }),
    );
    for (const batch of [clicks.slice(0, 4), clicks.slice(4, 7), clicks.slice(7)])
      await apply(db, 'affiliateClick', batch);
    const judged = await verdicts(db, clicks);
    // One visitor on one network: past the budget of both.
    expect(judged.map((v) => v?.[1])).toEqual([
      ...Array.from({ length: 6 }, () => []),
      ...Array.from({ length: 3 }, () => ['visitor_click_rate', 'network_click_rate']),
    ]);
  });

  it("two transactions judging one network's clicks take turns: the later one counts the earlier one's", async ({
    database,
  }) => {
    const { db } = database;
    const visitors = Array.from({ length: 7 }, (_, i) => `office-${i}`);
    await apply(
      db,
      'pageVisit',
      visitors.map((v, i) => pageView(v, 30_000 + i)),
    );
    // Seven people behind one office address, one click each: six in the first batch, the seventh in a second
    // batch applied at the same time by another transaction (another aggregator).
    const network = '192.0.2.0';
    const clicks = visitors.map((v, i) => click(v, 40_000 + i * 100, { offerId: 301 + i, network }));
    let commitFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstApplied!: () => void;
    const firstReady = new Promise<void>((resolve) => (firstApplied = resolve));
    const first = db.transaction().execute(async (trx) => {
      await applyBatchToDb(trx, { topic: topics.affiliateClick, events: clicks.slice(0, 6) }, tz);
      firstApplied();
      await firstHeld;
    });
    await firstReady;
    let secondDone = false;
    const second = apply(db, 'affiliateClick', clicks.slice(6)).then(() => {
      secondDone = true;
    });
    // The second waits on the network's lock while the first is open…
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(secondDone).toBe(false);
    commitFirst();
    await Promise.all([first, second]);
    // …then sees its six clicks: the seventh of the minute from that network is past the budget.
    expect((await verdicts(db, clicks)).map((v) => v?.[1])).toEqual([
      ...Array.from({ length: 6 }, () => []),
      ['network_click_rate'],
    ]);
  });
});
