// The raw rows the aggregator writes for each event, for the drain baseline: the aggregator's own row
// mappers (services/aggregator/src/raw-rows.ts), so the baseline inserts exactly the rows the appliers do,
// with the same multi-row INSERT … ON CONFLICT (the raw key: event id, time) DO NOTHING, into unpartitioned
// copies of the raw tables — and no aggregate. (Clicks whose event carries no offer title keep none: the aggregator fills it in from
// affiliate_offers, a read the baseline does not make.)
import { rawRowOf, type TableRow } from '@bodymetrics/aggregator/raw-rows';
import type { TopicKey } from '@bodymetrics/contracts';
import type { GeneratedEventOf } from './events';

export { localDate, rawTables, type RawTable } from '@bodymetrics/aggregator/raw-rows';

/** The raw table a generated event goes to, and its row there. */
export const tableRowOf = <K extends TopicKey>(e: GeneratedEventOf<K>, timeZone: string): TableRow =>
  rawRowOf[e.topicKey](e.envelope, timeZone);
