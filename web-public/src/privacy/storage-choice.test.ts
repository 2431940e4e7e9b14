import { describe, expect, it } from 'vitest';
import { fakeStorage } from '../lib/test-storage';
import { visitorIdIn } from '../tracking/identity';
import {
  applyStorageChoice,
  bannerShownOnArrival,
  HAS_VISITED_KEY,
  persistentIdsAllowed,
  readStorageChoice,
  STORAGE_CHOICE_KEY,
  VISITOR_ID_KEY,
} from './storage-choice';

const stores = (local: Record<string, string> = {}, session: Record<string, string> = {}) => ({
  local: fakeStorage(local),
  session: fakeStorage(session),
});

describe('the storage choice', () => {
  it('is remembered as one of the two answers; anything else counts as not chosen', () => {
    expect(readStorageChoice(fakeStorage())).toBeNull();
    expect(readStorageChoice(fakeStorage({ [STORAGE_CHOICE_KEY]: 'analytics' }))).toBe('analytics');
    expect(readStorageChoice(fakeStorage({ [STORAGE_CHOICE_KEY]: 'necessary' }))).toBe('necessary');
    expect(readStorageChoice(fakeStorage({ [STORAGE_CHOICE_KEY]: 'yes please' }))).toBeNull();
  });

  it('allows ids that outlive the tab only after "allow", and never under a browser privacy signal', () => {
    expect(persistentIdsAllowed(null, true)).toBe(false);
    expect(persistentIdsAllowed('necessary', true)).toBe(false);
    expect(persistentIdsAllowed('analytics', true)).toBe(true);
    expect(persistentIdsAllowed('analytics', false)).toBe(false);
  });

  it('shows the banner on a first visit only, and not at all under a privacy signal', () => {
    expect(bannerShownOnArrival(null, true)).toBe(true);
    expect(bannerShownOnArrival('analytics', true)).toBe(false);
    expect(bannerShownOnArrival('necessary', true)).toBe(false);
    expect(bannerShownOnArrival(null, false)).toBe(false);
  });
});

describe('a visit before and after the choice', () => {
  it('uses a tab-only visitor id until analytics storage is allowed, then keeps that same id', () => {
    const s = stores();
    const id = visitorIdIn(s, persistentIdsAllowed(readStorageChoice(s.local), true), () => 'visit-1');
    expect(id).toBe('visit-1');
    expect(s.local.dump()).toEqual({}); // nothing that outlives the tab
    expect(s.session.dump()).toEqual({ [VISITOR_ID_KEY]: 'visit-1' });

    applyStorageChoice(s, 'analytics');
    expect(s.local.dump()).toEqual({
      [VISITOR_ID_KEY]: 'visit-1',
      [HAS_VISITED_KEY]: 'true', // this visit happened: the next one is a returning visit
      [STORAGE_CHOICE_KEY]: 'analytics',
    });
    expect(s.session.dump()).toEqual({});
    const persistent = persistentIdsAllowed(readStorageChoice(s.local), true);
    expect(visitorIdIn(s, persistent, () => 'never')).toBe('visit-1');
  });

  it('"necessary only" keeps the id tab-only and writes nothing but the choice', () => {
    const s = stores({}, { [VISITOR_ID_KEY]: 'visit-2' });
    applyStorageChoice(s, 'necessary');
    expect(s.local.dump()).toEqual({ [STORAGE_CHOICE_KEY]: 'necessary' });
    const persistent = persistentIdsAllowed(readStorageChoice(s.local), true);
    expect(visitorIdIn(s, persistent, () => 'never')).toBe('visit-2');
    expect(s.local.dump()).toEqual({ [STORAGE_CHOICE_KEY]: 'necessary' });
  });

  it('changing the answer to "necessary only" deletes the stored visitor id and returning flag', () => {
    const s = stores({
      [VISITOR_ID_KEY]: 'old-visitor',
      [HAS_VISITED_KEY]: 'true',
      [STORAGE_CHOICE_KEY]: 'analytics',
      bm_flow_session: '{"step":"results"}',
    });
    applyStorageChoice(s, 'necessary');
    expect(s.local.dump()).toEqual({
      [STORAGE_CHOICE_KEY]: 'necessary',
      bm_flow_session: '{"step":"results"}',
    });
    const persistent = persistentIdsAllowed(readStorageChoice(s.local), true);
    expect(visitorIdIn(s, persistent, () => 'fresh-tab-id')).toBe('fresh-tab-id');
  });

  it('"allow" under a browser privacy signal remembers the answer but writes nothing that recognises the visitor', () => {
    const s = stores();
    applyStorageChoice(s, 'analytics', false);
    expect(s.local.dump()).toEqual({ [STORAGE_CHOICE_KEY]: 'analytics' });
  });

  it('allowing again keeps an id already stored rather than the tab one', () => {
    const s = stores({ [VISITOR_ID_KEY]: 'long-term' }, { [VISITOR_ID_KEY]: 'tab' });
    applyStorageChoice(s, 'analytics');
    expect(s.local.getItem(VISITOR_ID_KEY)).toBe('long-term');
    expect(s.session.getItem(VISITOR_ID_KEY)).toBeNull();
  });
});
