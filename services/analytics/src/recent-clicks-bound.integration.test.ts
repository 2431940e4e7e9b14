// Recent Activity is the dashboard's one read of a raw table (affiliate_clicks, partitioned by month). It
// must stay bounded as clicks pile up: against a real Postgres holding 60,000 clicks over three months, its
// plan reads each month's clicked_at index from the newest row and stops at the LIMIT — no table scan, a few
// dozen rows read, not the 60,000.
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { createMonthPartition, monthStartOf } from '@bodymetrics/db';
import { it } from '@bodymetrics/testing/fixtures';
import { readRecentClicks, recentClicksQuery } from './affiliate.repository';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
const leavesOf = (node: PlanNode): PlanNode[] => (node.Plans?.length ? node.Plans.flatMap(leavesOf) : [node]);

describe('Recent Activity on the partitioned clicks', () => {
  it('reads the newest rows of each month through its index and stops at the limit', async ({ database }) => {
    const { db } = database;
    const thisMonth = monthStartOf(new Date());
    const first = monthStartOf(thisMonth, -2);
    for (let m = 0; m < 3; m++) await createMonthPartition(db, 'affiliate_clicks', monthStartOf(first, m));
    // 20,000 clicks a month, one a minute from the first of each; every tenth a bot's (never listed).
    for (let m = 0; m < 3; m++)
      await sql`
        insert into affiliate_clicks (event_id, offer_id, offer_title, source, clicked_at, click_date, is_bot)
        select gen_random_uuid(), 1, 'Lean Shake', 'results', ${monthStartOf(first, m)}::timestamptz + i * interval '1 minute',
          current_date, i % 10 = 0
        from generate_series(1, 20000) i
      `.execute(db);
    await sql`analyze affiliate_clicks`.execute(db);

    const explained = await recentClicksQuery(db, 20).explain<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      'json',
      sql`analyze`,
    );
    const leaves = leavesOf(explained[0]!['QUERY PLAN'][0].Plan);
    expect(leaves.map((l) => l['Node Type'])).toEqual(leaves.map(() => 'Index Scan'));
    const read = leaves.reduce((n, l) => n + l['Actual Rows'] + (l['Rows Removed by Filter'] ?? 0), 0);
    expect(read).toBeLessThan(100);

    // And the answer is the newest 20 human clicks: by hand, minutes 20000 back to 19977 of the last month,
    // minus the bots' (19990, 19980).
    const newest = await readRecentClicks(db, 20);
    const minutes = newest.map((c) => (Date.parse(c.clickedAt) - monthStartOf(first, 2).getTime()) / 60_000);
    expect(minutes).toEqual(
      Array.from({ length: 24 }, (_, k) => 20000 - k)
        .filter((i) => i % 10 !== 0)
        .slice(0, 20),
    );
  });
});
