import { describe, expect, it } from 'vitest';
import { fakeStorage } from '../lib/test-storage';
import { HAS_VISITED_KEY, readOrCreateId, takeReturningFlag, VISITOR_ID_KEY } from './identity';

describe('the visitor id', () => {
  it('is created once and then read back on every later visit', () => {
    const storage = fakeStorage();
    let made = 0;
    const create = () => `visitor-${++made}`;
    expect(readOrCreateId(storage, VISITOR_ID_KEY, create)).toBe('visitor-1');
    expect(readOrCreateId(storage, VISITOR_ID_KEY, create)).toBe('visitor-1');
    expect(storage.dump()).toEqual({ [VISITOR_ID_KEY]: 'visitor-1' });
  });

  it('is replaced when the stored one is unusable', () => {
    const storage = fakeStorage({ [VISITOR_ID_KEY]: 'x'.repeat(500) });
    expect(readOrCreateId(storage, VISITOR_ID_KEY, () => 'fresh')).toBe('fresh');
    expect(readOrCreateId(fakeStorage({ [VISITOR_ID_KEY]: '  ' }), VISITOR_ID_KEY, () => 'fresh')).toBe(
      'fresh',
    );
  });
});

describe('the has_visited flag', () => {
  it('makes the first visit new and every later one returning', () => {
    const storage = fakeStorage();
    expect(takeReturningFlag(storage)).toBe(0);
    expect(storage.dump()[HAS_VISITED_KEY]).toBeDefined();
    expect(takeReturningFlag(storage)).toBe(1);
  });

  it('is only read, never written, while analytics storage is not allowed', () => {
    const storage = fakeStorage();
    expect(takeReturningFlag(storage, false)).toBe(0);
    expect(storage.dump()).toEqual({});
    expect(takeReturningFlag(fakeStorage({ [HAS_VISITED_KEY]: 'true' }), false)).toBe(1);
  });
});
