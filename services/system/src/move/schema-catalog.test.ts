// Tables are copied after the tables they reference, so every foreign key holds as each row arrives.
import { describe, expect, it } from 'vitest';
import { inDependencyOrder, type TableShape } from './schema-catalog';

const table = (name: string, references: string[] = []): TableShape => ({
  name,
  columns: [],
  key: ['id'],
  hasIdentity: false,
  references,
});

describe('inDependencyOrder', () => {
  it('puts each table after those it references, alphabetically where nothing decides', () => {
    const ordered = inDependencyOrder([
      table('weekly_digests_sent', ['admin_users']),
      table('offer_changes', ['affiliate_offers', 'admin_users']),
      table('share_images', ['share_cards']),
      table('share_cards'),
      table('affiliate_offers'),
      table('admin_users'),
    ]).map((t) => t.name);
    expect(ordered).toEqual([
      'admin_users',
      'affiliate_offers',
      'offer_changes',
      'share_cards',
      'share_images',
      'weekly_digests_sent',
    ]);
  });

  it('refuses references that go round in a circle', () => {
    expect(() => inDependencyOrder([table('a', ['b']), table('b', ['a'])])).toThrow('go round in a circle');
  });
});
