// The Kafka broker's jars, fetched once from Maven Central with infra/kafka/pom.xml into
// .cache/kafka-libs. A marker holding the pom's hash says the copy finished for this pom, so a
// run that was interrupted, or a changed pom, fetches again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { withFileLock } from './file-lock';
import { kafkaLibsDir, kafkaLibsMarker, kafkaPom } from './paths';
import { findExecutable, run } from './processes';

function pomHash(): string {
  return createHash('sha256').update(readFileSync(kafkaPom)).digest('hex');
}

export function areKafkaJarsCached(): boolean {
  return existsSync(kafkaLibsMarker) && readFileSync(kafkaLibsMarker, 'utf8').trim() === pomHash();
}

/** The classpath of the broker: every jar in the cache folder. */
export function kafkaClasspath(): string {
  return `${kafkaLibsDir}/*`;
}

/** Makes sure the jars are in the cache; says whether it had to fetch them. */
export async function ensureKafkaJars(): Promise<'fetched' | 'cached'> {
  if (areKafkaJarsCached()) return 'cached';
  return withFileLock('kafka-jars', async () => {
    if (areKafkaJarsCached()) return 'cached';
    if (!findExecutable('mvn')) {
      throw new Error('Maven (mvn) is not installed; it is needed once to fetch the Kafka broker jars');
    }
    console.error('[infra] fetching the Kafka broker jars with Maven (first run only)…');
    // Start clean so jars of an older pom do not stay on the classpath.
    rmSync(kafkaLibsDir, { recursive: true, force: true });
    mkdirSync(kafkaLibsDir, { recursive: true });
    // prettier-ignore
    await run('mvn', [
      '-q', '-B', '-f', kafkaPom,
      'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${kafkaLibsDir}`,
    ], { timeoutMs: 10 * 60_000 });
    writeFileSync(kafkaLibsMarker, `${pomHash()}\n`);
    return 'fetched';
  });
}
