// The real Apache Kafka 3.9.1 broker (KRaft, one node) as a background JVM process: find it, start
// it, stop it. Used by `infra:up`/`infra:down` and by tests that need to take the broker away and
// bring it back (fault injection).
import { isLocalHost, readInfraEnv } from './env';
import { withFileLock } from './file-lock';
import { serverProperties, type KafkaNode } from './kafka-config';
import { ensureKafkaJars } from './kafka-jars';
import {
  awaitNode,
  isKafkaUp as isAnyBrokerUp,
  launchNode,
  readText,
  runningNodePid,
  stopNode,
} from './kafka-node';
import { kafkaPaths } from './paths';

const READY_LIMIT_MS = 90_000;
const GRACEFUL_STOP_LIMIT_MS = 30_000;

/** Brokers as clients should use them, e.g. `['127.0.0.1:9092']`. */
export function kafkaBrokers(): string[] {
  return readInfraEnv().kafkaBrokers.map(({ host, port }) => `${host}:${port}`);
}

function localNode(): KafkaNode {
  const [node] = readInfraEnv().kafkaBrokers;
  if (!node) throw new Error('KAFKA_BROKERS names no broker');
  return node;
}

/** True when a broker answers a metadata request within about a second. */
export async function isKafkaUp(brokers: string[] = kafkaBrokers()): Promise<boolean> {
  return isAnyBrokerUp(brokers);
}

/** The pid of the broker infra/local started, while it runs; undefined otherwise. */
export function runningBrokerPid(): number | undefined {
  return runningNodePid(kafkaPaths);
}

export interface KafkaStartResult {
  /** `found`: a broker already answered; `started`: this call started one. */
  status: 'found' | 'started';
  brokers: string[];
  /** Set when the broker is the one infra/local runs. */
  pid?: number;
  /** Whether the broker jars had to be fetched (only when this call started the broker). */
  jars?: 'fetched' | 'cached';
}

/** Makes sure a broker answers on KAFKA_BROKERS, starting the local one when none does. */
export async function startKafka(options: { timeoutMs?: number } = {}): Promise<KafkaStartResult> {
  const brokers = kafkaBrokers();
  if (await isKafkaUp(brokers)) return { status: 'found', brokers, pid: runningBrokerPid() };
  return withFileLock('kafka', async () => {
    // Another process may have started it while we waited for the lock.
    if (await isKafkaUp(brokers)) return { status: 'found', brokers, pid: runningBrokerPid() };
    const timeoutMs = options.timeoutMs ?? READY_LIMIT_MS;
    const node = localNode();
    const starting = runningBrokerPid();
    if (starting !== undefined) {
      if (readText(kafkaPaths.serverProperties) !== serverProperties(node, kafkaPaths)) {
        throw new Error(
          `the broker of infra/local (pid ${starting}) runs with another configuration than KAFKA_BROKERS=` +
            `${brokers.join(',')} asks for (see ${kafkaPaths.serverProperties}) — stop it first with infra:down`,
        );
      }
      // Our broker runs but does not answer yet (still starting, or recovering its log).
      await awaitNode(starting, kafkaPaths, brokers, timeoutMs);
      return { status: 'found', brokers, pid: starting };
    }
    if (!isLocalHost(node.host)) {
      throw new Error(
        `Kafka is not reachable at ${brokers.join(',')} and is not on this machine — start it there`,
      );
    }
    const jars = await ensureKafkaJars();
    const pid = await launchNode(kafkaPaths, serverProperties(node, kafkaPaths));
    await awaitNode(pid, kafkaPaths, brokers, timeoutMs);
    return { status: 'started', brokers, pid, jars };
  });
}

export interface KafkaStopResult {
  stopped: boolean;
  pid?: number;
  /** True when the broker ignored SIGTERM (or `graceful: false` was asked) and got SIGKILL. */
  killed?: boolean;
}

/**
 * Stops the broker infra/local started: SIGTERM and wait for a clean shutdown, SIGKILL after the
 * timeout. `graceful: false` kills it at once, like a crash. A broker this module did not start is
 * left alone.
 */
export async function stopKafka(
  options: { graceful?: boolean; timeoutMs?: number } = {},
): Promise<KafkaStopResult> {
  return withFileLock('kafka', async () => {
    const pid = runningBrokerPid();
    if (pid === undefined) return { stopped: false };
    const graceMs = options.graceful === false ? 0 : (options.timeoutMs ?? GRACEFUL_STOP_LIMIT_MS);
    return { stopped: true, pid, killed: await stopNode(pid, kafkaPaths, graceMs) };
  });
}
