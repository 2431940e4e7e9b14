// The embedded mode as `npm start` runs it: the whole product in one process (here: the test's own),
// PGlite in a fresh temporary folder, the in-process bus, presence in memory, and mail written as .eml
// files, which the test reads like an inbox.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultActiveWindowMs } from '@bodymetrics/contracts';
import { startEmbedded } from '@bodymetrics/embedded';
import type { DistributedOptions } from './distributed-system';
import { emlFolderMailbox } from './mailbox';
import { e2eAdmin, e2ePostbackToken, operatorInbox, type RunningSystem } from './system-options';

export interface EmbeddedSystem extends RunningSystem {
  mode: 'embedded';
  mailDir: string;
}

export async function startEmbeddedSystem(
  options: Pick<DistributedOptions, 'live' | 'trustProxyHops'> & {
    /** Another build of the visitor's app to serve (default web-public/dist). */
    publicDir?: string;
    /** ADMIN_2FA_REQUIRED: a second factor for every admin (default off). */
    twoFactorRequired?: boolean;
  } = {},
): Promise<EmbeddedSystem> {
  const folder = await mkdtemp(join(tmpdir(), 'bodymetrics-e2e-'));
  const lines: string[] = [];
  try {
    const mailDir = join(folder, 'mail');
    const running = await startEmbedded({
      port: 0,
      dataDir: join(folder, 'pgdata'),
      mailDir,
      admin: e2eAdmin,
      contactTo: operatorInbox,
      postbackToken: e2ePostbackToken,
      ...(options.live ? { live: options.live } : {}),
      ...(options.trustProxyHops ? { trustProxyHops: options.trustProxyHops } : {}),
      ...(options.publicDir ? { publicDir: options.publicDir } : {}),
      ...(options.twoFactorRequired ? { twoFactorRequired: true } : {}),
      log: (line) => {
        lines.push(line);
        if (lines.length > 400) lines.shift();
      },
    });
    return {
      mode: 'embedded',
      baseUrl: running.url,
      admin: e2eAdmin,
      mail: emlFolderMailbox(mailDir),
      mailDir,
      db: running.db,
      liveDropWithinMs:
        (options.live?.activeWindowMs ?? defaultActiveWindowMs) + (options.live?.sweepIntervalMs ?? 5_000),
      logs: () => lines.join('\n'),
      stop: async () => {
        await running.close();
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
