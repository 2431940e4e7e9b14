// `npm run infra:up`: makes Postgres, Redis and a Kafka broker available for local development and
// integration tests, starting only what is not already running, and remembering what it started.
// `infra:up --kafka-brokers=3` starts the three-broker cluster (KAFKA_CLUSTER_BROKERS) instead of the one
// broker; the default broker, if it runs, is left as it is.
import './cli-warnings';
import { startKafka } from './kafka';
import { localKafkaCluster } from './kafka-cluster';
import { ensureDatabase, isPostgresUp, postgresTarget, startPostgres } from './postgres';
import { isRedisUp, redisTarget, startRedis } from './redis';
import { readStarted, updateStarted, type StartedByInfra } from './started-state';
import { displayUrl, runSteps, seconds, type SummaryLine } from './summary';

type Check = () => Promise<SummaryLine>;

/** `--kafka-brokers=1` (the default) or `--kafka-brokers=3`. */
function kafkaBrokerCount(args: string[]): 1 | 3 {
  const given = args.find((arg) => arg.startsWith('--kafka-brokers='))?.slice('--kafka-brokers='.length);
  const unknown = args.filter((arg) => !arg.startsWith('--kafka-brokers='));
  if (unknown.length > 0 || (given !== undefined && given !== '1' && given !== '3')) {
    console.error('usage: infra:up [--kafka-brokers=1|3]');
    process.exit(64);
  }
  return given === '3' ? 3 : 1;
}

const kafkaBrokersWanted = kafkaBrokerCount(process.argv.slice(2));

const startedEarlier = readStarted();

function foundOutcome(startedByUs: boolean): string {
  return startedByUs ? 'found running (started earlier by infra:up)' : 'found running';
}

async function remember(change: (started: StartedByInfra) => void): Promise<void> {
  await updateStarted((started) => {
    change(started);
    return started;
  });
}

const postgres: Check = async () => {
  const target = postgresTarget();
  let outcome: string;
  if (await isPostgresUp(target)) {
    outcome = foundOutcome(startedEarlier.postgres !== undefined);
  } else {
    const cluster = await startPostgres(target);
    await remember((started) => (started.postgres = { cluster, startedAt: new Date().toISOString() }));
    outcome = `started (cluster ${cluster})`;
  }
  if ((await ensureDatabase(target)) === 'created') outcome += `, database "${target.database}" created`;
  return { service: 'postgres', where: displayUrl(target.url), outcome };
};

const redis: Check = async () => {
  const target = redisTarget();
  if (await isRedisUp(target)) {
    return {
      service: 'redis',
      where: displayUrl(target.url),
      outcome: foundOutcome(startedEarlier.redis !== undefined),
    };
  }
  await startRedis(target);
  await remember(
    (started) =>
      (started.redis = { host: target.host, port: target.port, startedAt: new Date().toISOString() }),
  );
  return { service: 'redis', where: displayUrl(target.url), outcome: 'started' };
};

const kafka: Check = async () => {
  const stepBegan = Date.now();
  const result = await startKafka();
  const where = `${result.brokers.join(',')} (Kafka 3.9.1, KRaft)`;
  if (result.status === 'found') {
    const outcome =
      result.pid === undefined
        ? 'found running (not managed by infra/local)'
        : `found running (pid ${result.pid})`;
    return { service: 'kafka', where, outcome };
  }
  await remember(
    (started) => (started.kafka = { brokers: result.brokers.join(','), startedAt: new Date().toISOString() }),
  );
  const jars = result.jars === 'fetched' ? ', jars fetched with Maven' : '';
  return {
    service: 'kafka',
    where,
    outcome: `started (pid ${result.pid}) in ${seconds(Date.now() - stepBegan)}${jars}`,
  };
};

const kafkaCluster: Check = async () => {
  const stepBegan = Date.now();
  const cluster = localKafkaCluster();
  const result = await cluster.start();
  const where = `${result.brokers.join(',')} (Kafka 3.9.1, KRaft, 3 brokers, RF 3, min ISR 2)`;
  const use = `; clients: KAFKA_BROKERS=${result.brokers.join(',')}`;
  if (result.status === 'found') {
    return { service: 'kafka', where, outcome: `found running (pids ${result.pids.join(', ')})${use}` };
  }
  await remember(
    (started) =>
      (started.kafkaCluster = { brokers: result.brokers.join(','), startedAt: new Date().toISOString() }),
  );
  const jars = result.jars === 'fetched' ? ', jars fetched with Maven' : '';
  return {
    service: 'kafka',
    where,
    outcome: `started (pids ${result.pids.join(', ')}) in ${seconds(Date.now() - stepBegan)}${jars}${use}`,
  };
};

await runSteps('infra:up', [
  ['postgres', postgres],
  ['redis', redis],
  ['kafka', kafkaBrokersWanted === 3 ? kafkaCluster : kafka],
]);
