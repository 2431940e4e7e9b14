// KRaft storage is formatted once, with a cluster id generated once and kept in .state: the broker
// refuses to start on an unformatted log dir, and reformatting would throw away every topic.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kafkaClasspath } from './kafka-jars';
import { kafkaClusterIdFile, kafkaDataDir, kafkaServerProperties } from './paths';
import { run } from './processes';

async function storageTool(args: string[]): Promise<string> {
  return run('java', ['-cp', kafkaClasspath(), 'kafka.tools.StorageTool', ...args], { timeoutMs: 120_000 });
}

async function clusterId(): Promise<string> {
  if (existsSync(kafkaClusterIdFile)) return readFileSync(kafkaClusterIdFile, 'utf8').trim();
  const id = (await storageTool(['random-uuid'])).trim().split('\n').pop()?.trim() ?? '';
  if (!/^[A-Za-z0-9_-]{22}$/.test(id))
    throw new Error(`StorageTool random-uuid printed no cluster id: ${id}`);
  writeFileSync(kafkaClusterIdFile, `${id}\n`);
  return id;
}

export function isKafkaStorageFormatted(): boolean {
  return existsSync(join(kafkaDataDir, 'meta.properties'));
}

/** Formats the log dir unless it already is; says whether it had to. */
export async function ensureKafkaStorage(): Promise<'formatted' | 'existed'> {
  if (isKafkaStorageFormatted()) return 'existed';
  await storageTool(['format', '-t', await clusterId(), '-c', kafkaServerProperties]);
  return 'formatted';
}
