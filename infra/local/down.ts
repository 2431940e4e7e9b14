// `npm run infra:down`: stops what `infra:up` started — the Kafka broker (and the three-broker cluster)
// infra/local runs, and Postgres or Redis only when infra:up had to start them. Servers that were already
// running stay.
import './cli-warnings';
import { stopKafka } from './kafka';
import { localKafkaCluster } from './kafka-cluster';
import { postgresTarget, stopPostgres } from './postgres';
import { redisTarget, stopRedis } from './redis';
import { readStarted, updateStarted } from './started-state';
import { displayUrl, runSteps, type SummaryLine } from './summary';

const started = readStarted();
const leftRunning = 'left alone (not started by infra:up)';

const kafka = async (): Promise<SummaryLine> => {
  const result = await stopKafka();
  await updateStarted(({ kafka: _kafka, ...rest }) => rest);
  const outcome = !result.stopped
    ? 'no broker of infra/local running'
    : `stopped (pid ${result.pid}${result.killed ? ', killed after the shutdown timeout' : ''})`;
  return { service: 'kafka', where: started.kafka?.brokers ?? '', outcome };
};

const kafkaCluster = async (): Promise<SummaryLine> => {
  const cluster = localKafkaCluster();
  const stopped = await cluster.stop();
  await updateStarted(({ kafkaCluster: _cluster, ...rest }) => rest);
  const outcome =
    stopped.length === 0 ? 'no cluster of infra/local running' : `stopped (pids ${stopped.join(', ')})`;
  return { service: 'kafka-cluster', where: cluster.brokers.join(','), outcome };
};

const postgres = async (): Promise<SummaryLine> => {
  const where = displayUrl(postgresTarget().url);
  const cluster = started.postgres?.cluster;
  if (!cluster) return { service: 'postgres', where, outcome: leftRunning };
  await stopPostgres(cluster);
  await updateStarted(({ postgres: _postgres, ...rest }) => rest);
  return { service: 'postgres', where, outcome: `stopped (cluster ${cluster})` };
};

const redis = async (): Promise<SummaryLine> => {
  const target = redisTarget();
  if (!started.redis) return { service: 'redis', where: displayUrl(target.url), outcome: leftRunning };
  await stopRedis({ ...target, host: started.redis.host, port: started.redis.port });
  await updateStarted(({ redis: _redis, ...rest }) => rest);
  return { service: 'redis', where: displayUrl(target.url), outcome: 'stopped' };
};

await runSteps('infra:down', [
  ['kafka', kafka],
  ['kafka-cluster', kafkaCluster],
  ['postgres', postgres],
  ['redis', redis],
]);
