// Which mode a snapshot file is for, from its first bytes: the embedded mode's is gzip (the PGlite
// database as SQL, embedded-snapshot.ts), the distributed mode's pg_dump's custom format ("PGDMP",
// postgres-snapshot.ts). A restore that is handed the other mode's file says so instead of failing deep
// inside PGlite or pg_restore.
import { open } from 'node:fs/promises';

export type SnapshotKind = 'embedded' | 'distributed' | 'unknown';

export async function snapshotKindOf(file: string): Promise<SnapshotKind> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
    if (head.toString('latin1') === 'PGDMP') return 'distributed';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

/** Why `file` cannot be restored here, or undefined when it is of the `wanted` kind. */
export async function wrongSnapshotKind(file: string, wanted: 'embedded' | 'distributed') {
  const kind = await snapshotKindOf(file);
  if (kind === wanted) return undefined;
  if (kind === 'embedded')
    return `${file} is an embedded-mode snapshot (the PGlite database): restore it without --distributed`;
  if (kind === 'distributed')
    return `${file} is a distributed-mode snapshot (pg_dump's custom format): restore it with --distributed`;
  return `${file} is not a BodyMetrics snapshot (neither an embedded nor a distributed one)`;
}

export class SnapshotFormatError extends Error {
  override readonly name = 'SnapshotFormatError';
}
