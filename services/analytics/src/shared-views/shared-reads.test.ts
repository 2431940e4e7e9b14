// The shared links' allow-list keeps only the fields a read's shared schema names: a field a read gains
// later (a visitor id, an address) does not leave until it is named there.
import { describe, expect, it } from 'vitest';
import { sharedReadSchemas } from '@bodymetrics/contracts';
import { allowedFields } from './shared-reads';

describe('allowedFields', () => {
  it('keeps the named fields of each row and drops every other', () => {
    const rows = [
      {
        date: '2026-11-01',
        uniqueVisitors: 3,
        totalPageViews: 7,
        id: 9,
        visitorId: 'v-1',
        ipAddress: '203.0.113.0',
      },
    ];
    expect(allowedFields(sharedReadSchemas.dailyStats, rows)).toEqual([
      { date: '2026-11-01', uniqueVisitors: 3, totalPageViews: 7 },
    ]);
  });

  it('keeps an answer that is one object to its named fields', () => {
    const answer = { total_visitors: 4, abandoned_at_landing: 1, visitorIds: ['v-1'] };
    expect(allowedFields(sharedReadSchemas.abandonment, answer)).toEqual({
      total_visitors: 4,
      abandoned_at_landing: 1,
    });
  });

  it('passes no offer link or id of the affiliate rows', () => {
    const [row] = allowedFields(sharedReadSchemas.affiliateStats, [
      { offerId: 2, offerTitle: 'A', offerUrl: 'https://x.example/?aff=secret', clickCount: 5 },
    ]) as Record<string, unknown>[];
    expect(row).toEqual({ offerTitle: 'A', clickCount: 5 });
  });
});
