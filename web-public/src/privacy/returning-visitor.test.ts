// The returning-visitor rule across page loads, with the app's own module instances: each "load" imports
// the modules afresh (as a new page does) over one browser's local storage, each tab with its own session
// storage. A visitor is returning from the first visit after the one where they allowed analytics storage.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../lib/test-storage';

type Fake = ReturnType<typeof fakeStorage>;

/** One browser: local storage outlives every tab; each tab gets a new session storage. */
function browserProfile() {
  const local = fakeStorage();
  return {
    local,
    /** A new tab (a new visit): fresh modules and session storage, the same local storage. */
    async openTab(session: Fake = fakeStorage()) {
      vi.resetModules();
      vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
      const identity = await import('../tracking/identity');
      const choice = await import('./storage-choice');
      return { identity, choice, session };
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the returning-visitor flag across visits', () => {
  it('after "allow" on visit 1, visit 2 (a new tab) is returning; visit 1 stays new', async () => {
    const profile = browserProfile();
    const visit1 = await profile.openTab();
    expect(visit1.identity.isReturningVisitor()).toBe(0); // the page view sent on load
    expect(profile.local.dump()).toEqual({}); // nothing persistent before the answer
    visit1.choice.chooseStorage('analytics');
    expect(profile.local.dump()).toMatchObject({ has_visited: 'true', bm_storage_choice: 'analytics' });
    expect(visit1.identity.isReturningVisitor()).toBe(0); // later page views of visit 1 keep its answer

    const visit2 = await profile.openTab();
    expect(visit2.identity.isReturningVisitor()).toBe(1);
    const visit3 = await profile.openTab();
    expect(visit3.identity.isReturningVisitor()).toBe(1);
  });

  it('an "allow" given before the tracker read the flag still leaves visit 1 new', async () => {
    const profile = browserProfile();
    const visit1 = await profile.openTab();
    visit1.choice.chooseStorage('analytics');
    expect(visit1.identity.isReturningVisitor()).toBe(0);
    expect((await profile.openTab()).identity.isReturningVisitor()).toBe(1);
  });

  it('a visitor who never answered, or chose "necessary only", stays new and has nothing persistent', async () => {
    const never = browserProfile();
    expect((await never.openTab()).identity.isReturningVisitor()).toBe(0);
    expect((await never.openTab()).identity.isReturningVisitor()).toBe(0);
    expect(never.local.dump()).toEqual({});

    const necessary = browserProfile();
    const visit1 = await necessary.openTab();
    expect(visit1.identity.isReturningVisitor()).toBe(0);
    visit1.choice.chooseStorage('necessary');
    expect(necessary.local.dump()).toEqual({ bm_storage_choice: 'necessary' });
    expect((await necessary.openTab()).identity.isReturningVisitor()).toBe(0);
    expect(necessary.local.dump()).toEqual({ bm_storage_choice: 'necessary' });
  });

  it('changing to "necessary only" deletes the flag with the id: the next visit is new again', async () => {
    const profile = browserProfile();
    (await profile.openTab()).choice.chooseStorage('analytics');
    const visit2 = await profile.openTab();
    expect(visit2.identity.isReturningVisitor()).toBe(1);
    visit2.identity.visitorId();
    visit2.choice.chooseStorage('necessary');
    expect(profile.local.dump()).toEqual({ bm_storage_choice: 'necessary' });
    expect((await profile.openTab()).identity.isReturningVisitor()).toBe(0);
  });

  it('under a browser privacy signal an "allow" writes no flag', async () => {
    const profile = browserProfile();
    vi.stubGlobal('navigator', { globalPrivacyControl: true });
    const visit1 = await profile.openTab();
    visit1.choice.chooseStorage('analytics');
    expect(profile.local.dump()).toEqual({ bm_storage_choice: 'analytics' });
  });
});
