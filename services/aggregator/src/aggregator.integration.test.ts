// The aggregator against real Kafka and Postgres, one aggregator applying one partition at a time: the
// hand-counted cases of aggregator.cases.ts.
import { startAggregator } from './app';
import { handCountedCases } from './aggregator.cases';

handCountedCases('aggregator', {
  startAggregators: async ({ db, testBus, groupId, notify }) => [
    await startAggregator({ db, bus: testBus.bus, timeZone: 'Europe/Bucharest', groupId, notify }),
  ],
});
