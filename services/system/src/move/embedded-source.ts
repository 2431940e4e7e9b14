// The embedded database the move reads, opened as the admin command opens it (packages/db's
// openInstallationDatabase): its folder's lock taken first — PGlite allows one process, and a server still
// running would go on counting into a copy being moved — then brought to this version's schema, as
// `npm start` would, so that both databases have the same tables when the rows are copied.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataDirBusyError, openInstallationDatabase, type OpenedDatabase } from '@bodymetrics/db';
import { MoveRefusedError } from './move-refused';

export async function openEmbeddedSource(dataDir: string): Promise<OpenedDatabase> {
  const folder = resolve(dataDir);
  if (!existsSync(join(folder, 'PG_VERSION')))
    throw new MoveRefusedError(
      `${folder} holds no embedded database. Name the folder "npm start" keeps its data in ` +
        '(DATA_DIR; by default ./var/pgdata, relative to the repository).',
    );
  try {
    return await openInstallationDatabase({ kind: 'embedded', dataDir: folder });
  } catch (err) {
    if (err instanceof DataDirBusyError)
      throw new MoveRefusedError(
        `The embedded database ${folder} is in use by process ${err.ownerPid} (probably "npm start"): ` +
          'stop npm start first (Ctrl-C in its terminal, and wait until it has exited), then run the move again. ' +
          `If process ${err.ownerPid} is not BodyMetrics, delete ${folder}.lock.`,
      );
    throw err;
  }
}
