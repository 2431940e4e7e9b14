// KRaft storage is formatted once, with a cluster id generated once and kept in .state: the broker
// refuses to start on an unformatted log dir, and reformatting would throw away every topic. The nodes
// of a cluster share one id (a node formatted with another one is refused by the quorum).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kafkaClasspath } from './kafka-jars';
import { kafkaClusterIdFile, kafkaPaths, type KafkaNodePaths } from './paths';
import { run } from './processes';

async function storageTool(args: string[]): Promise<string> {
  return run('java', ['-cp', kafkaClasspath(), 'kafka.tools.StorageTool', ...args], { timeoutMs: 120_000 });
}

/** The cluster id kept in `idFile`, generated the first time. */
export async function kafkaClusterId(idFile: string = kafkaClusterIdFile): Promise<string> {
  if (existsSync(idFile)) return readFileSync(idFile, 'utf8').trim();
  const id = (await storageTool(['random-uuid'])).trim().split('\n').pop()?.trim() ?? '';
  if (!/^[A-Za-z0-9_-]{22}$/.test(id))
    throw new Error(`StorageTool random-uuid printed no cluster id: ${id}`);
  writeFileSync(idFile, `${id}\n`);
  return id;
}

export function isKafkaStorageFormatted(paths: KafkaNodePaths = kafkaPaths): boolean {
  return existsSync(join(paths.dataDir, 'meta.properties'));
}

/** Formats the node's log dir unless it already is; says whether it had to. */
export async function ensureKafkaStorage(
  paths: KafkaNodePaths = kafkaPaths,
  idFile: string = kafkaClusterIdFile,
): Promise<'formatted' | 'existed'> {
  if (isKafkaStorageFormatted(paths)) return 'existed';
  await storageTool(['format', '-t', await kafkaClusterId(idFile), '-c', paths.serverProperties]);
  return 'formatted';
}
