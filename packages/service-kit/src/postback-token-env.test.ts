// POSTBACK_TOKEN as docker-compose passes it: an unset variable arrives as '' and must mean "not offered".
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig, postbackTokenEnv } from './config';

const settings = z.object({ POSTBACK_TOKEN: postbackTokenEnv });

describe('POSTBACK_TOKEN', () => {
  it('is unset when absent or empty', () => {
    expect(loadConfig(settings, {}).POSTBACK_TOKEN).toBeUndefined();
    expect(loadConfig(settings, { POSTBACK_TOKEN: '' }).POSTBACK_TOKEN).toBeUndefined();
  });

  it('refuses a short token at start, naming the variable', () => {
    expect(() => loadConfig(settings, { POSTBACK_TOKEN: 'short' })).toThrow(
      /POSTBACK_TOKEN: must be at least 24/,
    );
  });

  it('keeps a long enough token', () => {
    const token = 'x'.repeat(32);
    expect(loadConfig(settings, { POSTBACK_TOKEN: token }).POSTBACK_TOKEN).toBe(token);
  });
});
