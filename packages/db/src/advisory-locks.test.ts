import { describe, expect, it } from 'vitest';
import { advisoryLocks } from './advisory-locks';

describe('advisory locks', () => {
  it('gives every job a key of its own', () => {
    const keys = Object.values(advisoryLocks);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
