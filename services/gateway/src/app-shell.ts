// A build's app shell — its index.html, with the .br/.gz twins the build made — kept in memory. Every page
// of an app is this one small file (spa-hosting.ts), so serving it from disk on each visit cost the
// event loop five or six trips to the file-system threads (stat, open, read, close, the twins' stats),
// each waiting for a turn of the loop that answers the tracking calls: under half-rate ingest the page's
// p99 was about twice the health check's (docs/performance.md). From memory it is answered in the turn
// its request arrives in.
//
// Still "picked up at once": the copy is checked against the files' sizes and modification times at most
// once a second (`revalidateMs`), in the background, so a new build is served within a second of being
// written, and a visit never waits for the check. Browsers revalidate it on every visit (no-cache) with
// the ETag, answered 304 when unchanged.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/** A shell as read: the page, its twins, and what identifies this version of it. */
interface ShellCopy {
  /** The sizes and modification times of the page and its twins when read: a new build changes them. */
  version: string;
  lastModified: string;
  /** Per content coding ('identity', 'br', 'gzip'): the bytes and their ETag (each coding its own). */
  bodies: Map<string, { bytes: Buffer; etag: string }>;
  /** The codings a browser may be sent besides identity, best first. */
  encodings: Negotiator;
  hasTwins: boolean;
}

export interface AppShell {
  /**
   * Answers the shell with `status` (200, or 404 for a path no route of the app knows) and says whether it
   * did: false when the build has no index.html (the caller answers that). A boolean, not the reply: a
   * reply is a thenable that settles to undefined once sent, so awaiting one cannot tell the two apart.
   */
  send(request: FastifyRequest, reply: FastifyReply, status: 200 | 404): Promise<boolean>;
}

const twins = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** How long a copy is served before the files are checked again. */
const revalidateMs = 1000;

/** The shell of the build in `dir`. */
export function appShell(dir: string): AppShell {
  const file = join(dir, 'index.html');
  let copy: ShellCopy | undefined;
  let checkedAt = 0;
  let checking: Promise<ShellCopy | undefined> | undefined;

  /** The shell as it is on disk now (the copy kept when unchanged), or undefined without one. */
  async function check(): Promise<ShellCopy | undefined> {
    try {
      const info = await stat(file);
      // The twins too: a build may write them a moment after the page, and a twin of the last build must
      // not be sent with this one's page.
      const twinInfo = await Promise.all(twins.map((t) => stat(file + t.suffix).catch(() => undefined)));
      const version = [info, ...twinInfo].map((i) => (i ? `${i.size}-${i.mtimeMs}` : '-')).join('/');
      if (copy?.version !== version) copy = await read(version, info.mtime);
    } catch {
      copy = undefined;
    }
    checkedAt = performance.now();
    return copy;
  }

  async function read(version: string, modified: Date): Promise<ShellCopy> {
    const bodies = new Map<string, { bytes: Buffer; etag: string }>();
    const identity = await readFile(file);
    const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    bodies.set('identity', { bytes: identity, etag: `"${tag}"` });
    for (const { coding, suffix } of twins) {
      const bytes = await readFile(file + suffix).catch(() => undefined);
      if (bytes) bodies.set(coding, { bytes, etag: `"${tag}-${coding}"` });
    }
    const codings = twins.map((t) => t.coding).filter((coding) => bodies.has(coding));
    return {
      version,
      lastModified: modified.toUTCString(),
      bodies,
      encodings: new Negotiator({ supportedValues: codings, cache: new Map() }),
      hasTwins: codings.length > 0,
    };
  }

  /** The copy to answer with now: the one kept (checked in the background once stale), else read first. */
  async function current(): Promise<ShellCopy | undefined> {
    if (copy && performance.now() - checkedAt < revalidateMs) return copy;
    checking ??= check().finally(() => (checking = undefined));
    return copy ?? (await checking);
  }

  return {
    async send(request, reply, status) {
      const shell = await current();
      if (!shell) return false;
      const accepted = request.headers['accept-encoding'];
      const coding = (accepted && shell.encodings.negotiate(accepted)) || 'identity';
      const body = shell.bodies.get(coding) ?? shell.bodies.get('identity')!;
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('etag', body.etag)
        .header('last-modified', shell.lastModified);
      if (shell.hasTwins) reply.header('vary', 'accept-encoding');
      if (coding !== 'identity') reply.header('content-encoding', coding);
      // A browser revalidating the page it holds: unchanged is a 304 without the page (RFC 9110 §13.1).
      if (status === 200 && fresh(request.headers, { etag: body.etag, 'last-modified': shell.lastModified }))
        reply.code(304).send();
      else reply.send(body.bytes);
      return true;
    },
  };
}
