import { describe, expect, it } from 'vitest';
import { pageLanguage } from './page-language';

describe('pageLanguage', () => {
  it.each([
    ['ro-RO', 'ro'],
    ['ro', 'ro'],
    ['RO-md', 'ro'],
    ['ro-RO,ro;q=0.9,en-US;q=0.8,en;q=0.7', 'ro'],
    ['en-US,en;q=0.9,ro;q=0.8', 'en'],
    ['en;q=0.5, ro;q=0.8', 'ro'],
    ['de-DE, ro;q=0.3', 'ro'],
    ['de-DE,fr;q=0.9', 'en'],
    ['ro;q=0, en;q=0.1', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['ro;q=banana', 'ro'],
    ['romanian', 'en'],
  ] as const)('%s → %s', (header, expected) => {
    expect(pageLanguage(header)).toBe(expected);
  });
});
