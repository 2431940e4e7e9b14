// Both cross-process notices leave their publisher only through notifierOf and are read only through
// readNotice, with the same schema on both sides, whichever way they travel.
import { describe, expect, it } from 'vitest';
import {
  adminSessionsRevokedNotice,
  analyticsChangedNotice,
  notifierOf,
  readNotice,
  type ChannelPublisher,
} from './notices';

const recordingRedis = () => {
  const sent: [string, string][] = [];
  const redis: ChannelPublisher = {
    publish: (channel, message) => {
      sent.push([channel, message]);
      return Promise.resolve(1);
    },
  };
  return { redis, sent };
};

describe('admin sessions revoked notice', () => {
  it('goes out on its prefixed channel and reads back the same, on Redis and in-process', async () => {
    const { redis, sent } = recordingRedis();
    await notifierOf(adminSessionsRevokedNotice, { redis, keyPrefix: 'bm:' })({ sessionIds: ['s-1'] });
    expect(sent).toEqual([['bm:bodymetrics:admin-sessions-revoked', '{"sessionIds":["s-1"]}']]);
    expect(readNotice(adminSessionsRevokedNotice, sent[0]![1])).toEqual({
      ok: true,
      notice: { sessionIds: ['s-1'] },
    });
    const delivered: unknown[] = [];
    await notifierOf(adminSessionsRevokedNotice, { inProcess: (n) => void delivered.push(n) })({
      adminId: 7,
    });
    expect(delivered).toEqual([{ adminId: 7 }]);
  });

  it('refuses a notice that names nobody before sending it, and drops one that arrives malformed', async () => {
    const { redis, sent } = recordingRedis();
    await expect(notifierOf(adminSessionsRevokedNotice, { redis, keyPrefix: '' })({})).rejects.toThrow();
    expect(sent).toEqual([]);
    expect(readNotice(adminSessionsRevokedNotice, '{"sessionIds":[]}').ok).toBe(false);
    expect(readNotice(adminSessionsRevokedNotice, 'not json').ok).toBe(false);
  });
});

describe('analytics changed notice', () => {
  it('names only tracking topics', () => {
    expect(
      readNotice(analyticsChangedNotice, { changedAt: new Date().toISOString(), topics: ['x'] }).ok,
    ).toBe(false);
  });
});
