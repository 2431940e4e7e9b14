// Serves the two React builds: web-public at / and web-admin at /admin. A path that is not a file gets the
// app's index.html (kept in memory: app-shell.ts) so that client routes (/legal/terms,
// /admin/reset-password) work on reload. A path that is no route of its app gets the same index.html (the
// app draws its not-found screen) with status 404, so search engines do not index a soft 404 as a page and
// a mistyped admin address is not answered as the login page. Hashed assets are cached for a year;
// index.html is revalidated by the browser every time, and the gateway serves a new build's within a second,
// so a new release is picked up at once. When a build is missing the gateway still runs (the API works) and
// says so on a short 503 page.
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { badRequest, HttpError } from '@bodymetrics/service-kit';
import { appShell, type AppShell } from './app-shell';

export interface SpaHostingOptions {
  publicDir: string;
  adminDir: string;
}

interface Site {
  name: string;
  dir: string;
  /** The path inside the site: /admin/assets/x.js is /assets/x.js of the admin build. */
  pathIn: (pathname: string) => string;
  /** Its index.html, from memory. */
  shell: AppShell;
  /** Whether a path inside the site is one of its app's client routes (else the app's not-found screen). */
  isAppRoute: (pathInSite: string) => boolean;
}

const immutable = 'public, max-age=31536000, immutable';

/**
 * The routes of the visitor's app (web-public/src/App.tsx, spec §2): the calculator, the contact form and
 * the five policy pages. Keep in step with App.tsx; anything else under / is the not-found screen.
 */
const publicAppRoute = /^\/(?:legal\/(?:contact|terms|privacy|advertising|cookies|disclaimer))?$/;

/**
 * The routes of the admin app (web-admin/src/App.tsx, spec §2), inside /admin: the login or dashboard at its
 * root, the password reset and a shared view's page (/admin/share/<token>). Keep in step with App.tsx;
 * anything else under /admin/ is its not-found screen. The optional slash and any case match as its router
 * (wouter) does.
 */
const adminAppRoute = /^\/(?:reset-password\/?|share\/[A-Za-z0-9_-]{43}\/?)?$/i;

export async function spaHosting(app: FastifyInstance, options: SpaHostingOptions): Promise<void> {
  // Only the reply.sendFile decorator (ranges, ETag, content types); routing is ours. The builds carry
  // .br/.gz twins of their files (vite-plugin-compression2); preCompressed sends the one the browser takes.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });

  const publicSite: Site = {
    name: 'public',
    dir: resolve(options.publicDir),
    pathIn: (p) => p,
    shell: appShell(resolve(options.publicDir)),
    isAppRoute: (p) => publicAppRoute.test(p),
  };
  const adminSite: Site = {
    name: 'admin',
    dir: resolve(options.adminDir),
    pathIn: (p) => p.slice('/admin'.length) || '/',
    shell: appShell(resolve(options.adminDir)),
    isAppRoute: (p) => adminAppRoute.test(p),
  };

  app.get('/*', async (request, reply) => {
    const pathname = decodedPath(request);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new HttpError(404, 'not_found', `No route for ${request.method} ${pathname}`);
    }
    const site = pathname === '/admin' || pathname.startsWith('/admin/') ? adminSite : publicSite;
    const inSite = site.pathIn(pathname);

    // A folder (the app's root above all) is never a file: no need to ask the disk.
    const file = inSite.endsWith('/') ? undefined : await existingFile(site.dir, inSite);
    if (file && file !== 'index.html') return sendFile(reply, site.dir, file);
    // A missing script or image is a 404, not an HTML page the browser would try to run as one.
    if (!file && looksLikeAsset(inSite))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const status = file || site.isAppRoute(inSite) ? 200 : 404;
    if (await site.shell.send(request, reply, status)) return reply;
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(
        `BodyMetrics is running, but the ${site.name} app is not built yet (no index.html in ${site.dir}).\nRun "npm run build", then reload this page.\n`,
      );
  });
}

function decodedPath(request: FastifyRequest): string {
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest('path', 'is not a valid URL path');
  }
}

/** The file's path relative to the build folder, if `pathInSite` names a file inside it (no dotfiles, no escape). */
async function existingFile(dir: string, pathInSite: string): Promise<string | undefined> {
  if (pathInSite.includes('\0') || pathInSite.split('/').some((segment) => segment.startsWith('.')))
    return undefined;
  const absolute = resolve(dir, `.${pathInSite}`);
  if (!absolute.startsWith(dir + sep)) return undefined;
  try {
    const info = await stat(absolute);
    return info.isFile() ? absolute.slice(dir.length + 1) : undefined;
  } catch {
    return undefined;
  }
}

function looksLikeAsset(pathInSite: string): boolean {
  if (pathInSite.startsWith('/assets/')) return true;
  const last = pathInSite.split('/').pop() ?? '';
  return /\.[a-z0-9]{1,8}$/i.test(last) && !/\.html?$/i.test(last);
}

function sendFile(reply: FastifyReply, dir: string, relative: string) {
  const cacheControl = relative.startsWith(`assets${sep}`)
    ? immutable
    : /\.html?$/i.test(relative)
      ? 'no-cache'
      : 'public, max-age=3600';
  reply.header('cache-control', cacheControl);
  return reply.sendFile(relative, dir, { cacheControl: false });
}
