// What the operator finds in .state/kafka/server.properties and log4j.properties.
import { describe, expect, it } from 'vitest';
import { log4jProperties, replicationOf, serverProperties } from './kafka-config';

const paths = { dataDir: '/state/kafka/data', serverLog: '/state/kafka/logs/server.log' };

function parse(text: string): Map<string, string> {
  const entries = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);
  return new Map(entries);
}

describe('server.properties', () => {
  it('describes one KRaft node that is broker and controller on the default ports', () => {
    const properties = parse(serverProperties({ host: '127.0.0.1', port: 9092 }, paths));
    expect(Object.fromEntries(properties)).toMatchObject({
      'process.roles': 'broker,controller',
      'node.id': '1',
      'controller.quorum.voters': '1@127.0.0.1:9093',
      listeners: 'PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093',
      'advertised.listeners': 'PLAINTEXT://127.0.0.1:9092',
      'controller.listener.names': 'CONTROLLER',
      'log.dirs': '/state/kafka/data',
      'offsets.topic.replication.factor': '1',
      'transaction.state.log.replication.factor': '1',
      'transaction.state.log.min.isr': '1',
      'group.initial.rebalance.delay.ms': '0',
      'num.partitions': '6',
      'auto.create.topics.enable': 'false',
    });
  });

  it('follows the port of KAFKA_BROKERS and puts the controller on the next port', () => {
    const properties = parse(serverProperties({ host: 'localhost', port: 19092 }, paths));
    expect(properties.get('listeners')).toBe('PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093');
    expect(properties.get('controller.quorum.voters')).toBe('1@127.0.0.1:19093');
  });
});

describe('server.properties of a node of the three-broker cluster', () => {
  const nodes = [
    { host: '127.0.0.1', port: 19092 },
    { host: '127.0.0.1', port: 19094 },
    { host: 'localhost', port: 19096 },
  ];
  const node = (nodeId: number) =>
    Object.fromEntries(parse(serverProperties(nodes[nodeId - 1]!, paths, { nodeId, voters: nodes })));

  it('names its own id and listeners, and all three nodes as the controller quorum', () => {
    const voters = '1@127.0.0.1:19093,2@127.0.0.1:19095,3@127.0.0.1:19097';
    expect(node(2)).toMatchObject({
      'process.roles': 'broker,controller',
      'node.id': '2',
      'controller.quorum.voters': voters,
      listeners: 'PLAINTEXT://127.0.0.1:19094,CONTROLLER://127.0.0.1:19095',
      'advertised.listeners': 'PLAINTEXT://127.0.0.1:19094',
    });
    expect(node(3)['controller.quorum.voters']).toBe(voters);
    expect(node(3)['node.id']).toBe('3');
  });

  it('keeps three replicas of every partition, internal topics included, and acknowledges a write once two have it', () => {
    for (const id of [1, 2, 3])
      expect(node(id)).toMatchObject({
        'default.replication.factor': '3',
        'min.insync.replicas': '2',
        'offsets.topic.replication.factor': '3',
        'transaction.state.log.replication.factor': '3',
        'transaction.state.log.min.isr': '2',
        'unclean.leader.election.enable': 'false',
      });
  });

  it('leaves the one-broker file as it was: no cluster-only setting', () => {
    const single = parse(serverProperties({ host: '127.0.0.1', port: 9092 }, paths));
    for (const key of ['default.replication.factor', 'min.insync.replicas', 'unclean.leader.election.enable'])
      expect(single.has(key), key).toBe(false);
  });

  it('replicates as much as the cluster allows, up to three copies and two needed for a write', () => {
    expect([1, 2, 3, 5].map(replicationOf)).toEqual([
      { replicationFactor: 1, minInsyncReplicas: 1 },
      { replicationFactor: 2, minInsyncReplicas: 1 },
      { replicationFactor: 3, minInsyncReplicas: 2 },
      { replicationFactor: 3, minInsyncReplicas: 2 },
    ]);
  });
});

describe('log4j.properties', () => {
  it('logs warnings to the state folder and keeps the "Kafka Server started" line', () => {
    const properties = parse(log4jProperties(paths));
    expect(properties.get('log4j.rootLogger')).toBe('WARN, file');
    expect(properties.get('log4j.appender.file.File')).toBe('/state/kafka/logs/server.log');
    expect(properties.get('log4j.logger.kafka.server.KafkaRaftServer')).toBe('INFO');
  });
});
