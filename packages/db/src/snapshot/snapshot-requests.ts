// How `npm run backup` gets a snapshot of an embedded database whose server is running: PGlite allows one
// process, so the command cannot open the folder the server holds; it asks the server, over a Unix socket
// beside the folder (`<DATA_DIR>.sock`, mode 0600: whoever may read the data may ask, nobody else), to take
// the snapshot in its PGlite thread and write it where the command said. One request per connection, one
// JSON line each way.
import { createHash } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SnapshotFileExistsError, type SnapshotFileOptions, type WrittenSnapshot } from './snapshot-file';

/** A Unix socket's path must fit in 108 bytes (Linux); a deeper data folder gets one in the temporary folder. */
const socketPathLimit = 100;

export function snapshotSocketPath(dataDir: string): string {
  const beside = `${resolve(dataDir)}.sock`;
  if (Buffer.byteLength(beside) <= socketPathLimit) return beside;
  const key = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  return join(tmpdir(), `bodymetrics-${key}.sock`);
}

interface SnapshotRequest {
  to: string;
  force?: boolean;
}
type SnapshotReply =
  { ok: true; file: string; bytes: number; takenAt: string } | { ok: false; error: string; exists?: boolean };

/** One JSON line from the socket (requests and replies are a few hundred bytes). */
function readLine(socket: Socket): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) resolvePromise(text.slice(0, end));
      else if (text.length > 64 * 1024) socket.destroy(new Error('request too long'));
    });
    socket.once('error', reject);
    const ended = () => reject(new Error('the connection ended before a full line'));
    socket.once('end', ended);
    socket.once('close', ended);
  });
}

export interface SnapshotRequests {
  readonly path: string;
  /** Stops listening; a snapshot being written is finished first. */
  close(): Promise<void>;
}

/**
 * Answers snapshot requests for `dataDir` (the caller holds its lock, so a socket file left there by a
 * killed server is stale and replaced). `take` writes the snapshot; requests are taken one at a time.
 */
export async function serveSnapshotRequests(
  dataDir: string,
  take: (file: string, options: SnapshotFileOptions) => Promise<WrittenSnapshot>,
): Promise<SnapshotRequests> {
  const path = snapshotSocketPath(dataDir);
  let queue: Promise<unknown> = Promise.resolve();
  const answer = async (socket: Socket) => {
    let reply: SnapshotReply;
    // A client that connects and says nothing must not keep close() waiting; the snapshot itself may take long.
    socket.setTimeout(10_000, () => socket.destroy());
    try {
      const request = JSON.parse(await readLine(socket)) as SnapshotRequest;
      socket.setTimeout(0);
      if (typeof request.to !== 'string' || request.to === '') throw new Error('the request names no file');
      const taking = queue.then(() => take(request.to, { force: request.force === true }));
      queue = taking.catch(() => undefined);
      const written = await taking;
      reply = { ok: true, file: written.file, bytes: written.bytes, takenAt: written.takenAt.toISOString() };
    } catch (err) {
      reply = {
        ok: false,
        error: (err as Error).message,
        ...(err instanceof SnapshotFileExistsError ? { exists: true } : {}),
      };
    }
    if (!socket.destroyed) socket.end(`${JSON.stringify(reply)}\n`);
  };
  const server = createServer((socket) => void answer(socket));
  await rm(path, { force: true });
  await new Promise<void>((listening, fail) => {
    server.once('error', fail);
    server.listen(path, () => listening());
  });
  await chmod(path, 0o600);
  return {
    path,
    close: async () => {
      await new Promise<void>((closed) => server.close(() => closed()));
      await queue;
      await rm(path, { force: true });
    },
  };
}

export class NoSnapshotServerError extends Error {
  override readonly name = 'NoSnapshotServerError';
}

/** Asks the server that holds `dataDir` for a snapshot written to `file`. */
export async function requestSnapshot(
  dataDir: string,
  file: string,
  options: SnapshotFileOptions = {},
): Promise<WrittenSnapshot> {
  const path = snapshotSocketPath(dataDir);
  const socket = createConnection(path);
  const line = await new Promise<string>((done, fail) => {
    socket.once('connect', () => {
      socket.write(
        `${JSON.stringify({ to: resolve(file), force: options.force === true } satisfies SnapshotRequest)}\n`,
      );
      readLine(socket).then(done, fail);
    });
    socket.once('error', (err: NodeJS.ErrnoException) =>
      fail(
        err.code === 'ENOENT' || err.code === 'ECONNREFUSED'
          ? new NoSnapshotServerError(
              `the server holding ${resolve(dataDir)} does not answer backup requests at ${path} ` +
                '(still starting? try again in a moment)',
            )
          : err,
      ),
    );
  }).finally(() => socket.destroy());
  const reply = JSON.parse(line) as SnapshotReply;
  if (!reply.ok) throw reply.exists ? new SnapshotFileExistsError(resolve(file)) : new Error(reply.error);
  return { file: reply.file, bytes: reply.bytes, takenAt: new Date(reply.takenAt) };
}
