// Where infra/local keeps its files. Everything it writes lives in two git-ignored folders:
// .cache/ (downloaded jars, safe to keep across runs) and .state/ (what runs now and its data).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const localDir = dirname(fileURLToPath(import.meta.url));
export const repoRoot = join(localDir, '..', '..');

export const cacheDir = join(localDir, '.cache');
export const stateDir = join(localDir, '.state');
export const lockDir = join(stateDir, 'locks');
export const startedFile = join(stateDir, 'started.json');

export const kafkaPom = join(repoRoot, 'infra', 'kafka', 'pom.xml');
export const kafkaLibsDir = join(cacheDir, 'kafka-libs');
export const kafkaLibsMarker = join(kafkaLibsDir, '.complete');

/** The files of one local Kafka node: its configuration, data, logs and pid, all under one folder. */
export interface KafkaNodePaths {
  stateDir: string;
  dataDir: string;
  logDir: string;
  serverProperties: string;
  log4jProperties: string;
  pidFile: string;
  /** The broker's stdout/stderr: JVM errors that happen before logging is set up land here. */
  consoleLog: string;
  /** The broker's own log (WARN and above, plus the "Kafka Server started" line). */
  serverLog: string;
}

export function kafkaNodePaths(dir: string): KafkaNodePaths {
  return {
    stateDir: dir,
    dataDir: join(dir, 'data'),
    logDir: join(dir, 'logs'),
    serverProperties: join(dir, 'server.properties'),
    log4jProperties: join(dir, 'log4j.properties'),
    pidFile: join(dir, 'broker.pid'),
    consoleLog: join(dir, 'broker.out'),
    serverLog: join(dir, 'logs', 'server.log'),
  };
}

/** The one development broker (the default). */
export const kafkaStateDir = join(stateDir, 'kafka');
export const kafkaPaths = kafkaNodePaths(kafkaStateDir);
export const kafkaClusterIdFile = join(kafkaStateDir, 'cluster-id');

/** The three-broker cluster of `infra:up --kafka-brokers=3`: one folder per node beside a shared cluster id. */
export const kafkaClusterStateDir = join(stateDir, 'kafka-cluster');
