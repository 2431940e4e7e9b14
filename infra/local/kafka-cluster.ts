// A Kafka cluster of three local nodes (KRaft, each node both broker and controller: three JVMs rather than
// six on a development machine), every partition on three brokers and a write acknowledged once two have it.
// `infra:up --kafka-brokers=3` runs one beside the default broker, on ports and folders of its own; the
// fault tests run their own to kill a node of it with SIGKILL and start it again on its data.
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readInfraEnv } from './env';
import { withFileLock } from './file-lock';
import { serverProperties, type KafkaNode } from './kafka-config';
import { ensureKafkaJars } from './kafka-jars';
import { answeringBrokers, awaitNode, launchNode, readText, runningNodePid, stopNode } from './kafka-node';
import { kafkaClusterId } from './kafka-storage';
import { kafkaClusterStateDir, kafkaNodePaths, type KafkaNodePaths } from './paths';

const READY_LIMIT_MS = 120_000;
const GRACEFUL_STOP_LIMIT_MS = 30_000;

export interface LocalKafkaClusterOptions {
  /** The cluster's folder: node-1/, node-2/, … (configuration, data, logs, pid) and the shared cluster-id. */
  stateDir: string;
  /** Where each node's clients connect, node 1 first; its controller listens on the next port. */
  nodes: KafkaNode[];
}

export interface KafkaClusterStartResult {
  /** `found`: every node already ran and the cluster named them all; `started`: this call started some. */
  status: 'found' | 'started';
  brokers: string[];
  /** The nodes' pids, node 1 first. */
  pids: number[];
  jars?: 'fetched' | 'cached';
}

export class LocalKafkaCluster {
  /** Bootstrap brokers as clients use them (KAFKA_BROKERS). */
  readonly brokers: string[];
  /** Node ids, 1 to n. */
  readonly nodeIds: number[];

  constructor(private readonly options: LocalKafkaClusterOptions) {
    this.brokers = options.nodes.map(({ host, port }) => `${host}:${port}`);
    this.nodeIds = options.nodes.map((_, index) => index + 1);
  }

  paths(nodeId: number): KafkaNodePaths {
    return kafkaNodePaths(join(this.options.stateDir, `node-${nodeId}`));
  }

  /** The pid of a node while it runs. */
  pid(nodeId: number): number | undefined {
    return runningNodePid(this.paths(nodeId));
  }

  /** True when every node runs and the cluster names every broker as alive (registered, not fenced). */
  async isComplete(): Promise<boolean> {
    if (this.nodeIds.some((id) => this.pid(id) === undefined)) return false;
    return (await answeringBrokers(this.brokers)) === this.nodeIds.length;
  }

  /** Starts every node that does not run (on its data, formatting only a new one) and waits for all of them. */
  async start(options: { timeoutMs?: number } = {}): Promise<KafkaClusterStartResult> {
    return this.locked(async () => {
      if (await this.isComplete()) return { status: 'found', brokers: this.brokers, pids: this.pids() };
      const jars = await ensureKafkaJars();
      // One id for every node, made before they are formatted side by side.
      mkdirSync(this.options.stateDir, { recursive: true });
      await kafkaClusterId(this.clusterIdFile);
      await Promise.all(this.nodeIds.map((id) => this.launch(id, options.timeoutMs)));
      return { status: 'started', brokers: this.brokers, pids: this.pids(), jars };
    });
  }

  /** Starts one node again (on its data directory) and waits until the cluster names it alive. */
  async startNode(nodeId: number, options: { timeoutMs?: number } = {}): Promise<number> {
    return this.locked(() => this.launch(nodeId, options.timeoutMs));
  }

  /** SIGKILL, like a crash or a power cut: nothing is flushed, no controlled shutdown. Returns the pid killed. */
  async killNode(nodeId: number): Promise<number> {
    const pid = this.pid(nodeId);
    if (pid === undefined) throw new Error(`node ${nodeId} of ${this.options.stateDir} is not running`);
    await stopNode(pid, this.paths(nodeId), 0);
    return pid;
  }

  /** Stops every node gracefully (all at once, so the quorum stays while they shut down); says which ran. */
  async stop(): Promise<number[]> {
    return this.locked(async () => {
      const running = this.nodeIds.flatMap((id) => {
        const pid = this.pid(id);
        return pid === undefined ? [] : [{ id, pid }];
      });
      await Promise.all(running.map(({ id, pid }) => stopNode(pid, this.paths(id), GRACEFUL_STOP_LIMIT_MS)));
      return running.map(({ pid }) => pid);
    });
  }

  /** Stops the cluster and deletes its folder (a test's own cluster). */
  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.options.stateDir, { recursive: true, force: true });
  }

  private get clusterIdFile(): string {
    return join(this.options.stateDir, 'cluster-id');
  }

  private pids(): number[] {
    return this.nodeIds.map((id) => this.pid(id) ?? 0);
  }

  private async launch(nodeId: number, timeoutMs = READY_LIMIT_MS): Promise<number> {
    const node = this.options.nodes[nodeId - 1];
    if (!node) throw new Error(`the cluster has no node ${nodeId}`);
    const paths = this.paths(nodeId);
    const properties = serverProperties(node, paths, { nodeId, voters: this.options.nodes });
    let pid = this.pid(nodeId);
    if (pid !== undefined && readText(paths.serverProperties) !== properties) {
      throw new Error(
        `node ${nodeId} (pid ${pid}) runs with another configuration than ${paths.serverProperties} would ` +
          `have now — stop the cluster first`,
      );
    }
    pid ??= await launchNode(paths, properties, this.clusterIdFile);
    // Complete once the quorum has every broker registered again: a node alone answers nothing useful.
    const complete = async () => (await answeringBrokers(this.brokers)) === this.nodeIds.length;
    await awaitNode(pid, paths, this.brokers, timeoutMs, complete);
    return pid;
  }

  private locked<T>(work: () => Promise<T>): Promise<T> {
    return withFileLock(`kafka-cluster-${basename(this.options.stateDir)}`, work);
  }
}

/** The cluster `infra:up --kafka-brokers=3` runs: KAFKA_CLUSTER_BROKERS, in .state/kafka-cluster. */
export function localKafkaCluster(): LocalKafkaCluster {
  return new LocalKafkaCluster({
    stateDir: kafkaClusterStateDir,
    nodes: readInfraEnv().kafkaClusterBrokers,
  });
}
