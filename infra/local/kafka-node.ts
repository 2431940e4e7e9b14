// One Kafka node as a background JVM process, whatever it belongs to (the development broker or a node of
// the three-broker cluster): write its configuration, start it, see whether it runs and answers, stop it.
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { KafkaAdmin } from '@bodymetrics/bus';
import { log4jProperties } from './kafka-config';
import { kafkaClasspath } from './kafka-jars';
import { ensureKafkaStorage } from './kafka-storage';
import type { KafkaNodePaths } from './paths';
import { pollUntil } from './poll';
import { commandLineOf, isRunning, tailOf, waitForExit } from './processes';

/** True when a broker answers a metadata request within about a second. */
export async function isKafkaUp(brokers: string[]): Promise<boolean> {
  return (await answeringBrokers(brokers)) > 0;
}

/**
 * How many brokers the cluster reached through `brokers` names as alive (0 when none answers). A KRaft
 * cluster names only the brokers that are registered and not fenced: a killed node drops out once its
 * heartbeats stop, and counts again once it has rejoined.
 */
export async function answeringBrokers(brokers: string[]): Promise<number> {
  const admin = new KafkaAdmin({
    clientId: 'bodymetrics-infra-probe',
    brokers,
    connectionTimeoutMs: 1000,
    requestTimeoutMs: 2000,
    retries: 0,
  });
  try {
    return (await admin.cluster()).brokers.length;
  } catch {
    return 0;
  } finally {
    await admin.close();
  }
}

/** The pid of the node started from `paths`, while it runs; undefined otherwise. */
export function runningNodePid(paths: KafkaNodePaths): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(paths.pidFile, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return undefined;
  // A pid file outlives a reboot; make sure the pid still belongs to this node.
  const commandLine = commandLineOf(pid);
  if (commandLine && !(commandLine.includes('kafka.Kafka') && commandLine.includes(paths.serverProperties))) {
    return undefined;
  }
  return pid;
}

export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function writeNodeConfig(paths: KafkaNodePaths, properties: string): void {
  mkdirSync(paths.dataDir, { recursive: true });
  mkdirSync(paths.logDir, { recursive: true });
  writeFileSync(paths.serverProperties, properties);
  writeFileSync(paths.log4jProperties, log4jProperties(paths));
}

async function spawnNode(paths: KafkaNodePaths): Promise<number> {
  appendFileSync(paths.consoleLog, `\n--- broker starting ${new Date().toISOString()} ---\n`);
  const output = openSync(paths.consoleLog, 'a');
  // prettier-ignore
  const broker = spawn('java', [
    '-Xms256m', '-Xmx512m',
    '-Djava.awt.headless=true',
    `-Dlog4j.configuration=file:${paths.log4jProperties}`,
    '-cp', kafkaClasspath(),
    'kafka.Kafka', paths.serverProperties,
  ], {
    cwd: paths.stateDir,
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
  writeFileSync(paths.pidFile, `${pid}\n`);
  return pid;
}

/**
 * Starts a node that does not run: writes its configuration, formats its log dir unless it already is (with
 * the cluster id kept in `idFile`, by default the development broker's) and spawns it. Returns its pid.
 */
export async function launchNode(
  paths: KafkaNodePaths,
  properties: string,
  idFile?: string,
): Promise<number> {
  writeNodeConfig(paths, properties);
  await ensureKafkaStorage(paths, idFile);
  return spawnNode(paths);
}

/**
 * Waits until `ready` says yes (by default: a broker answers on `brokers`), failing early when the node
 * exits. A node that never gets ready is stopped, and the error carries the root cause from its logs.
 */
export async function awaitNode(
  pid: number,
  paths: KafkaNodePaths,
  brokers: string[],
  timeoutMs: number,
  ready: () => Promise<boolean> = () => isKafkaUp(brokers),
): Promise<void> {
  const outcome = await pollUntil(ready, {
    timeoutMs,
    intervalMs: 300,
    giveUpIf: () => (isRunning(pid) ? undefined : 'the broker process exited'),
  });
  if (outcome.ready) return;
  // Do not leave a half-started broker behind: the next attempt should start from a clean slate.
  if (isRunning(pid)) await stopProcess(pid, 10_000);
  const serverLog = tailOf(paths.serverLog, 60);
  throw new Error(
    `Kafka did not come up on ${brokers.join(',')} (pid ${pid}): ${outcome.reason}.\n` +
      rootCause(serverLog) +
      `--- ${paths.serverLog} (tail) ---\n${serverLog || '(empty)'}\n` +
      `--- ${paths.consoleLog} (tail) ---\n${tailOf(paths.consoleLog) || '(empty)'}`,
  );
}

/** The last two "Caused by" lines of the log (or its last ERROR): what went wrong, and where. */
function rootCause(log: string): string {
  const lines = log.split('\n');
  const causes = lines.filter((line) => line.startsWith('Caused by: ')).slice(-2);
  const found = causes.length > 0 ? causes : lines.filter((line) => / (ERROR|FATAL) /.test(line)).slice(-1);
  return found.map((line) => `${line.replace(/^Caused by: /, 'Cause: ')}\n`).join('');
}

/** SIGTERM, then SIGKILL when still running after `graceMs` (0: SIGKILL at once). Returns whether SIGKILL was needed. */
async function stopProcess(pid: number, graceMs: number): Promise<boolean> {
  if (graceMs > 0) {
    signal(pid, 'SIGTERM');
    if (await waitForExit(pid, graceMs)) return false;
  }
  signal(pid, 'SIGKILL');
  if (!(await waitForExit(pid, 10_000))) throw new Error(`broker pid ${pid} survived SIGKILL`);
  return true;
}

/** Stops a node as stopProcess does and forgets its pid file. Returns whether SIGKILL was needed. */
export async function stopNode(pid: number, paths: KafkaNodePaths, graceMs: number): Promise<boolean> {
  const killed = await stopProcess(pid, graceMs);
  rmSync(paths.pidFile, { force: true });
  return killed;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
