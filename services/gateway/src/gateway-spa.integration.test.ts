// Hosting of the two React builds: files, client-route fallback to index.html, cache headers, and a clear
// 503 page when a build is missing (while the API keeps working).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from './app';
import { createBuiltApps, startEchoUpstreams, type BuiltApps } from './test-support';

const publicIndex = '<!doctype html><title>BodyMetrics</title><div id="root"></div>';
const adminIndex = '<!doctype html><title>BodyMetrics Admin</title><div id="admin"></div>';

let builds: BuiltApps;
let echoes: Awaited<ReturnType<typeof startEchoUpstreams>>;
let gateway: Gateway;

beforeAll(async () => {
  builds = await createBuiltApps();
  echoes = await startEchoUpstreams();
  gateway = await buildGateway({
    upstreams: echoes.upstreams,
    publicDir: builds.publicDir,
    adminDir: builds.adminDir,
  });
});

afterAll(async () => {
  await gateway?.close();
  await echoes?.close();
  await builds?.remove();
});

describe('the public app at /', () => {
  it.each([
    '/',
    '/legal/terms',
    '/legal/contact',
    '/legal/privacy',
    '/legal/advertising',
    '/legal/cookies',
    '/legal/disclaimer',
    '/?utm_source=newsletter',
  ])('GET %s answers index.html, revalidated on every visit', async (url) => {
    const res = await gateway.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(publicIndex);
  });

  // An unknown address must not answer 200 (a soft 404 search engines index). It gets the same
  // page, whose app draws the not-found screen, with the status that says so.
  it.each([
    '/nowhere',
    '/some/deep/unknown/path',
    '/legal',
    '/legal/unknown-policy',
    '/legal/terms/more',
    '/admins',
    '/nowhere?utm_source=newsletter',
  ])('GET %s answers 404 with the app, which shows its not-found screen', async (url) => {
    const res = await gateway.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(publicIndex);
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/assets/x.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("public app");');
  });

  it('sends the build-time brotli or gzip twin of a file to a browser that accepts it', async () => {
    const { brotliCompressSync, gzipSync, brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const source = 'console.log("public app");';
    await writeFile(join(builds.publicDir, 'assets', 'x.js.br'), brotliCompressSync(source));
    await writeFile(join(builds.publicDir, 'assets', 'x.js.gz'), gzipSync(source));

    const br = await gateway.inject({
      method: 'GET',
      url: '/assets/x.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source);

    const gz = await gateway.inject({
      method: 'GET',
      url: '/assets/x.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(source);

    const plain = await gateway.inject({
      method: 'GET',
      url: '/assets/x.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  });

  it('serves other files with a short cache', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await gateway.inject({ method: 'HEAD', url: '/legal/privacy' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });

  it.each(['/assets/missing.js', '/favicon.ico'])(
    'answers 404 for a missing file %s, not an HTML page',
    async (url) => {
      const res = await gateway.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    },
  );

  it('never serves dotfiles', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/.env' });
    expect(res.body).not.toContain('SECRET');
  });
});

describe('the admin app at /admin', () => {
  it.each(['/admin', '/admin/', '/admin/reset-password?token=abc', '/admin/reset-password/?token=abc'])(
    'GET %s answers the admin index.html',
    async (url) => {
      const res = await gateway.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(adminIndex);
    },
  );

  // No route of the admin app (web-admin/src/App.tsx): the same page, whose app draws its not-found screen,
  // with the status that says so — not the login screen with 200.
  it.each(['/admin/nope', '/admin/nope?x=1', '/admin/dashboard', '/admin/reset-password/more', '/admin//'])(
    'GET %s answers 404 with the admin app, which shows its not-found screen',
    async (url) => {
      const res = await gateway.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(adminIndex);
    },
  );

  it('serves its hashed assets with the immutable cache', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/admin/assets/admin-1a2b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("admin app");');
  });

  it('does not mix the two builds', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/admin/assets/x.js' })).statusCode).toBe(404);
    expect((await gateway.inject({ method: 'GET', url: '/assets/admin-1a2b.js' })).statusCode).toBe(404);
  });
});

describe('index.html, kept in memory', () => {
  let own: BuiltApps;
  let shellGateway: Gateway;
  beforeAll(async () => {
    own = await createBuiltApps();
    shellGateway = await buildGateway({
      upstreams: echoes.upstreams,
      publicDir: own.publicDir,
      adminDir: own.adminDir,
    });
  });
  afterAll(async () => {
    await shellGateway?.close();
    await own?.remove();
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    shellGateway.inject({ method: 'GET', url, headers });

  it('answers 304 to a browser holding this index.html, and the page to one holding another', async () => {
    const first = await get('/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['last-modified']).toBeDefined();
    const again = await get('/legal/terms', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await get('/', { 'if-none-match': '"an-older-build"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(publicIndex);
    // The not-found page is never a 304: its status is the answer.
    expect((await get('/no-such-page', { 'if-none-match': etag })).statusCode).toBe(404);
  });

  it('serves a new build, its index.html and twins, once written, without a restart', async () => {
    const { brotliCompressSync, brotliDecompressSync } = await import('node:zlib');
    const { writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const before = await get('/');
    const release = '<!doctype html><title>BodyMetrics</title><div id="root" data-release="2"></div>';
    await writeFile(join(own.publicDir, 'index.html'), release);
    await writeFile(join(own.publicDir, 'index.html.br'), brotliCompressSync(release));
    // Checked in the background at most once a second: asked until it shows (5 s at most).
    const deadline = Date.now() + 5000;
    let latest = before;
    while (latest.body !== release && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      latest = await get('/');
    }
    expect(latest.body).toBe(release);
    expect(latest.headers.etag).not.toBe(before.headers.etag);
    expect(latest.headers.vary).toBe('accept-encoding');
    let br = await get('/', { 'accept-encoding': 'gzip, br' });
    while (br.headers['content-encoding'] !== 'br' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      br = await get('/', { 'accept-encoding': 'gzip, br' });
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(release);
    // Each coding has its own tag: a cache never answers one with the other.
    expect(br.headers.etag).not.toBe(latest.headers.etag);
    expect((await get('/', { 'accept-encoding': 'identity' })).body).toBe(release);
  });
});

describe('the log of an app-shell request', () => {
  /** Every JSON line the gateway logs, at info and above. */
  const lines: Array<{
    level: number;
    msg?: string;
    err?: { code?: string };
    res?: { statusCode?: number };
  }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  let logged: Gateway;
  beforeAll(async () => {
    logged = await buildGateway({
      upstreams: echoes.upstreams,
      publicDir: builds.publicDir,
      adminDir: builds.adminDir,
      logger: { level: 'info', stream },
    });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('holds each answer once, with no warning or error', async () => {
    const asked: Array<[string, number]> = [
      ['/', 200],
      ['/legal/terms', 200],
      ['/nowhere', 404],
      ['/admin', 200],
      ['/admin/reset-password', 200],
      ['/admin/nope', 404],
    ];
    const answered: number[] = [];
    for (const [url] of asked) answered.push((await logged.inject({ method: 'GET', url })).statusCode);
    const etag = (await logged.inject({ method: 'GET', url: '/' })).headers.etag as string;
    const revalidated = await logged.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    // pino's levels: 40 is warn (FST_ERR_REP_ALREADY_SENT is logged there), 50 error.
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect([...answered, revalidated.statusCode]).toEqual([...asked.map(([, status]) => status), 304]);
    expect(
      lines.filter((line) => line.msg === 'request completed').map((line) => line.res?.statusCode),
    ).toEqual([...answered, 200, 304]);
  });
});

describe('without a build', () => {
  it('answers a short 503 page, and the API still works', async () => {
    const unbuilt = await buildGateway({
      upstreams: echoes.upstreams,
      publicDir: builds.missingDir,
      adminDir: builds.missingDir,
    });
    try {
      for (const url of ['/', '/legal/terms', '/admin']) {
        const res = await unbuilt.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.body).toMatch(/not built yet/);
      }
      const api = await unbuilt.inject({ method: 'GET', url: '/api/affiliate-offers/all' });
      expect(api.statusCode).toBe(200);
    } finally {
      await unbuilt.close();
    }
  });
});
