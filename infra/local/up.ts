// `npm run infra:up`: makes Postgres, Redis and a Kafka broker available for local development and
// integration tests, starting only what is not already running, and remembering what it started.
import './cli-warnings';
import { startKafka } from './kafka';
import { ensureDatabase, isPostgresUp, postgresTarget, startPostgres } from './postgres';
import { isRedisUp, redisTarget, startRedis } from './redis';
import { readStarted, updateStarted, type StartedByInfra } from './started-state';
import { displayUrl, runSteps, seconds, type SummaryLine } from './summary';

type Check = () => Promise<SummaryLine>;

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

await runSteps('infra:up', [
  ['postgres', postgres],
  ['redis', redis],
  ['kafka', kafka],
]);
