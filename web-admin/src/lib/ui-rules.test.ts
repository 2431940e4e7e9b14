import { describe, expect, it } from 'vitest';
import { queryDefaults } from '@bodymetrics/web-kit/query-client';
import { browserOnSystem, deviceTypeLabel } from './labels';
import { canSubmitLogin } from './login-rules';
import { safeHttpUrl } from './safe-url';

describe('login form', () => {
  it('can be sent only with both a username and a password', () => {
    expect(canSubmitLogin('admin', 'secret')).toBe(true);
    expect(canSubmitLogin('', 'secret')).toBe(false);
    expect(canSubmitLogin('   ', 'secret')).toBe(false);
    expect(canSubmitLogin('admin', '')).toBe(false);
  });
});

describe('labels', () => {
  it('name device types in Romanian and show unknown ones as they came', () => {
    expect(['mobile', 'tablet', 'desktop', 'console'].map(deviceTypeLabel)).toEqual([
      'Mobil',
      'Tabletă',
      'Desktop',
      'console',
    ]);
  });

  it('read "browser on operating system"', () => {
    expect(browserOnSystem('Chrome', 'Android')).toBe('Chrome pe Android');
  });
});

describe('offer links', () => {
  it('open only http and https addresses', () => {
    expect(safeHttpUrl('https://shop.example/offer?a=1')).toBe('https://shop.example/offer?a=1');
    expect(safeHttpUrl('http://shop.example')).toBe('http://shop.example/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,<script>')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});

describe('query defaults (spec §9)', () => {
  it('never go stale, never refetch on focus, never poll or retry by default, and keep unused data 5 minutes', () => {
    expect(queryDefaults).toEqual({
      staleTime: Infinity,
      gcTime: 300_000,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
  });
});
