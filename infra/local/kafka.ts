// The real Apache Kafka 3.9.1 broker (KRaft, one node) as a background JVM process: find it, start
// it, stop it. Used by `infra:up`/`infra:down` and by tests that need to take the broker away and
// bring it back (fault injection).
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { KafkaAdmin } from '@bodymetrics/bus';
import { isLocalHost, readInfraEnv } from './env';
import { withFileLock } from './file-lock';
import { log4jProperties, serverProperties, type KafkaNode } from './kafka-config';
import { ensureKafkaJars, kafkaClasspath } from './kafka-jars';
import { ensureKafkaStorage } from './kafka-storage';
import {
  kafkaConsoleLog,
  kafkaDataDir,
  kafkaLog4jProperties,
  kafkaLogDir,
  kafkaPidFile,
  kafkaServerLog,
  kafkaServerProperties,
  kafkaStateDir,
} from './paths';
import { pollUntil } from './poll';
import { commandLineOf, isRunning, tailOf, waitForExit } from './processes';

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
  const admin = new KafkaAdmin({
    clientId: 'bodymetrics-infra-probe',
    brokers,
    connectionTimeoutMs: 1000,
    requestTimeoutMs: 2000,
    retries: 0,
  });
  try {
    return (await admin.cluster()).brokers.length > 0;
  } catch {
    return false;
  } finally {
    await admin.close();
  }
}

/** The pid of the broker infra/local started, while it runs; undefined otherwise. */
export function runningBrokerPid(): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(kafkaPidFile, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return undefined;
  // A pid file outlives a reboot; make sure the pid still belongs to our broker.
  const commandLine = commandLineOf(pid);
  if (commandLine && !(commandLine.includes('kafka.Kafka') && commandLine.includes(kafkaServerProperties))) {
    return undefined;
  }
  return pid;
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
      if (readText(kafkaServerProperties) !== serverProperties(node, configPaths)) {
        throw new Error(
          `the broker of infra/local (pid ${starting}) runs with another configuration than KAFKA_BROKERS=` +
            `${brokers.join(',')} asks for (see ${kafkaServerProperties}) — stop it first with infra:down`,
        );
      }
      // Our broker runs but does not answer yet (still starting, or recovering its log).
      await awaitReady(starting, brokers, timeoutMs);
      return { status: 'found', brokers, pid: starting };
    }
    if (!isLocalHost(node.host)) {
      throw new Error(
        `Kafka is not reachable at ${brokers.join(',')} and is not on this machine — start it there`,
      );
    }
    const jars = await ensureKafkaJars();
    writeConfig(node);
    await ensureKafkaStorage();
    const pid = await spawnBroker();
    await awaitReady(pid, brokers, timeoutMs);
    return { status: 'started', brokers, pid, jars };
  });
}

const configPaths = { dataDir: kafkaDataDir, serverLog: kafkaServerLog };

function writeConfig(node: KafkaNode): void {
  mkdirSync(kafkaDataDir, { recursive: true });
  mkdirSync(kafkaLogDir, { recursive: true });
  writeFileSync(kafkaServerProperties, serverProperties(node, configPaths));
  writeFileSync(kafkaLog4jProperties, log4jProperties(configPaths));
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

async function spawnBroker(): Promise<number> {
  appendFileSync(kafkaConsoleLog, `\n--- broker starting ${new Date().toISOString()} ---\n`);
  const output = openSync(kafkaConsoleLog, 'a');
  // prettier-ignore
  const broker = spawn('java', [
    '-Xms256m', '-Xmx512m',
    '-Djava.awt.headless=true',
    `-Dlog4j.configuration=file:${kafkaLog4jProperties}`,
    '-cp', kafkaClasspath(),
    'kafka.Kafka', kafkaServerProperties,
  ], {
    cwd: kafkaStateDir,
    // Its own session: the broker outlives `infra:up` and the terminal it ran in.
    detached: true,
    stdio: ['ignore', output, output],
  });
  closeSync(output);
  await new Promise<void>((resolve, reject) => {
    broker.once('spawn', resolve);
    broker.once('error', (error) => reject(new Error(`could not run java: ${error.message}`)));
  });
  broker.unref();
  const pid = broker.pid;
  if (pid === undefined) throw new Error('java started without a pid');
  writeFileSync(kafkaPidFile, `${pid}\n`);
  return pid;
}

async function awaitReady(pid: number, brokers: string[], timeoutMs: number): Promise<void> {
  const outcome = await pollUntil(() => isKafkaUp(brokers), {
    timeoutMs,
    intervalMs: 300,
    giveUpIf: () => (isRunning(pid) ? undefined : 'the broker process exited'),
  });
  if (outcome.ready) return;
  // Do not leave a half-started broker behind: the next attempt should start from a clean slate.
  if (isRunning(pid)) await stopProcess(pid, 10_000);
  const serverLog = tailOf(kafkaServerLog, 60);
  throw new Error(
    `Kafka did not come up on ${brokers.join(',')} (pid ${pid}): ${outcome.reason}.\n` +
      rootCause(serverLog) +
      `--- ${kafkaServerLog} (tail) ---\n${serverLog || '(empty)'}\n` +
      `--- ${kafkaConsoleLog} (tail) ---\n${tailOf(kafkaConsoleLog) || '(empty)'}`,
  );
}

/** The last two "Caused by" lines of the log (or its last ERROR): what went wrong, and where. */
function rootCause(log: string): string {
  const lines = log.split('\n');
  const causes = lines.filter((line) => line.startsWith('Caused by: ')).slice(-2);
  const found = causes.length > 0 ? causes : lines.filter((line) => / (ERROR|FATAL) /.test(line)).slice(-1);
  return found.map((line) => `${line.replace(/^Caused by: /, 'Cause: ')}\n`).join('');
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
    const killed =
      options.graceful === false
        ? (await stopProcess(pid, 0), true)
        : await stopProcess(pid, options.timeoutMs ?? GRACEFUL_STOP_LIMIT_MS);
    rmSync(kafkaPidFile, { force: true });
    return { stopped: true, pid, killed };
  });
}

/** SIGTERM, then SIGKILL when still running after `graceMs`. Returns whether SIGKILL was needed. */
async function stopProcess(pid: number, graceMs: number): Promise<boolean> {
  if (graceMs > 0) {
    signal(pid, 'SIGTERM');
    if (await waitForExit(pid, graceMs)) return false;
  }
  signal(pid, 'SIGKILL');
  if (!(await waitForExit(pid, 10_000))) throw new Error(`broker pid ${pid} survived SIGKILL`);
  return true;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
