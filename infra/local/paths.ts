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

export const kafkaStateDir = join(stateDir, 'kafka');
export const kafkaDataDir = join(kafkaStateDir, 'data');
export const kafkaLogDir = join(kafkaStateDir, 'logs');
export const kafkaServerProperties = join(kafkaStateDir, 'server.properties');
export const kafkaLog4jProperties = join(kafkaStateDir, 'log4j.properties');
export const kafkaClusterIdFile = join(kafkaStateDir, 'cluster-id');
export const kafkaPidFile = join(kafkaStateDir, 'broker.pid');
/** The broker's stdout/stderr: JVM errors that happen before logging is set up land here. */
export const kafkaConsoleLog = join(kafkaStateDir, 'broker.out');
/** The broker's own log (WARN and above, plus the "Kafka Server started" line). */
export const kafkaServerLog = join(kafkaLogDir, 'server.log');
