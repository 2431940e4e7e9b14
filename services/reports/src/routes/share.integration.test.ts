// Share images: the rendered card is a real 1200×630 PNG, stored and served with long cache headers,
// and the public share page carries the Open Graph tags that point at it.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { findShareImage } from '../share-images.repository';
import { countRows, PUBLIC_BASE_URL, useReportsApp } from '../test-support';

const reports = useReportsApp();

/** Width and height from the PNG's IHDR chunk (bytes 16..23, big-endian), after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const metaContent = (html: string, key: string) =>
  new RegExp(
    `<meta (?:property|name|http-equiv)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)">`,
  ).exec(html)?.[1];

describe('share images', () => {
  it('renders a 1200×630 PNG card, stores it, and serves it on the returned URL', async () => {
    const response = await reports.app.inject({
      method: 'POST',
      url: '/api/generate-share-image',
      payload: {
        results: { bmi: 25.83, bmiCategory: 'Overweight' },
        platform: 'whatsapp',
        uniqueId: 'visitor-123',
      },
    });
    expect(response.statusCode).toBe(200);
    const { imageUrl, shareUrl } = response.json<{ imageUrl: string; shareUrl: string }>();
    const id = /\/share\/([A-Za-z0-9_-]+)$/.exec(shareUrl)?.[1];
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(imageUrl).toBe(`${PUBLIC_BASE_URL}/api/share-images/${id}.png`);
    expect(shareUrl).toBe(`${PUBLIC_BASE_URL}/share/${id}`);

    const stored = await findShareImage(reports.database.db, id!);
    expect(stored).toMatchObject({ bmi: 25.8, bmiCategory: 'Overweight', platform: 'whatsapp' });

    const image = await reports.app.inject({ method: 'GET', url: new URL(imageUrl).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(image.rawPayload.length).toBeGreaterThan(10_000); // a real picture, not an empty canvas
    // For a person to look at when changing the card.
    await writeFile(join(tmpdir(), 'bodymetrics-share-card.png'), image.rawPayload);

    // Nothing personal is kept: the client's id only seeds the share id.
    const row = await reports.database.db
      .selectFrom('share_images')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify({ ...row, png: undefined })).not.toContain('visitor-123');
  });

  it('serves a share page with Open Graph and Twitter tags pointing at the card, then sends people to /', async () => {
    const created = await reports.app.inject({
      method: 'POST',
      url: '/api/generate-share-image',
      payload: { results: { bmi: 22.4, bmiCategory: 'Normal' }, platform: 'facebook', uniqueId: 'v-9' },
    });
    const { imageUrl, shareUrl } = created.json<{ imageUrl: string; shareUrl: string }>();

    const page = await reports.app.inject({ method: 'GET', url: new URL(shareUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    expect(html).toMatch(/<title>My BMI is 22\.4 \(Normal\) — check yours on BodyMetrics<\/title>/);
    expect(metaContent(html, 'og:title')).toBe('My BMI is 22.4 (Normal) — check yours on BodyMetrics');
    expect(metaContent(html, 'og:description')).toContain('BodyMetrics');
    expect(metaContent(html, 'og:image')).toBe(imageUrl);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:url')).toBe(shareUrl);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(imageUrl);
    expect(metaContent(html, 'refresh')).toBe('0;url=/');
    expect(html).toContain('<a href="/">');
    expect(html).not.toContain('<script');

    // The og:image URL really serves the card.
    const image = await reports.app.inject({
      method: 'GET',
      url: new URL(metaContent(html, 'og:image')!).pathname,
    });
    expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it('shows the category of the BMI it prints, whatever category the client sent', async () => {
    const created = await reports.app.inject({
      method: 'POST',
      url: '/api/generate-share-image',
      payload: { results: { bmi: 31.2, bmiCategory: '<b>Normal</b>' }, platform: 'twitter', uniqueId: 'x' },
    });
    expect(created.statusCode).toBe(200);
    const page = await reports.app.inject({
      method: 'GET',
      url: new URL(created.json<{ shareUrl: string }>().shareUrl).pathname,
    });
    expect(metaContent(page.body, 'og:title')).toBe('My BMI is 31.2 (Obese) — check yours on BodyMetrics');
  });

  it('an unknown id gets the same page with the default image; its PNG is a 404', async () => {
    const page = await reports.app.inject({ method: 'GET', url: '/share/doesNotExist123' });
    expect(page.statusCode).toBe(200);
    expect(metaContent(page.body, 'og:image')).toBe(`${PUBLIC_BASE_URL}/share-default.png`);
    expect(metaContent(page.body, 'og:url')).toBe(`${PUBLIC_BASE_URL}/`);
    expect(metaContent(page.body, 'refresh')).toBe('0;url=/');

    const odd = await reports.app.inject({
      method: 'GET',
      url: `/share/${encodeURIComponent('"><script>alert(1)</script>')}`,
    });
    expect(odd.statusCode).toBe(200);
    expect(odd.body).not.toContain('<script>');

    for (const url of [
      '/api/share-images/doesNotExist123.png',
      '/api/share-images/doesNotExist123',
      '/api/share-images/..%2F.png',
    ]) {
      const image = await reports.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(404);
      expect(image.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('rejects bad input naming the field, and stores nothing', async () => {
    const before = await countRows(reports.database.db, 'share_images');
    const cases: [unknown, string][] = [
      [{ platform: 'x', uniqueId: 'a' }, 'results'],
      [{ results: { bmi: 'big', bmiCategory: 'Normal' }, platform: 'x' }, 'results.bmi'],
      [{ results: { bmi: 0, bmiCategory: 'Normal' }, platform: 'x' }, 'results.bmi'],
      [{ results: { bmi: 22, bmiCategory: 'Normal' }, platform: 'x'.repeat(33) }, 'platform'],
      [{ results: { bmi: 22, bmiCategory: 'Normal' }, platform: 'x', uniqueId: 'u'.repeat(65) }, 'uniqueId'],
    ];
    for (const [payload, field] of cases) {
      const response = await reports.app.inject({
        method: 'POST',
        url: '/api/generate-share-image',
        payload: payload as object,
      });
      expect(response.statusCode, field).toBe(400);
      expect(
        response.json<{ error: { message: string } }>().error.message.startsWith(`${field}: `),
        field,
      ).toBe(true);
    }
    expect(await countRows(reports.database.db, 'share_images')).toBe(before);
  });
});
