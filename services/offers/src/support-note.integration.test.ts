// The eating-disorder support note the pages show in place of offers for a BMI under 17.5: the operator's
// text when set (EATING_DISORDER_SUPPORT_TEXT), else a neutral default that names no number.
import { describe, expect } from 'vitest';
import type { SupportNote } from '@bodymetrics/contracts';
import { buildApp } from './app';
import { offersSettingsFromEnv } from './config';
import { it } from './test-support';

describe('GET /api/affiliate-offers/support-note', () => {
  it('answers the default note, with no phone number in it', async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/api/affiliate-offers/support-note' });
    expect(res.statusCode).toBe(200);
    const { text } = res.json<SupportNote>();
    expect(text).toMatch(/eating-disorder support/);
    expect(text).not.toMatch(/\d{3}/);
  });

  it("answers the operator's text", async ({ database }) => {
    const text = 'Call the national eating-disorder line on 0800 000 000, free and confidential.';
    const settings = offersSettingsFromEnv({ EATING_DISORDER_SUPPORT_TEXT: text });
    const app = buildApp({ db: database.db, supportNote: settings.EATING_DISORDER_SUPPORT_TEXT });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/affiliate-offers/support-note' });
      expect(res.json<SupportNote>()).toEqual({ text });
    } finally {
      await app.close();
    }
  });

  it('refuses a text over 500 characters at start, naming the setting', () => {
    expect(() => offersSettingsFromEnv({ EATING_DISORDER_SUPPORT_TEXT: 'x'.repeat(501) })).toThrow(
      /EATING_DISORDER_SUPPORT_TEXT/,
    );
  });
});
