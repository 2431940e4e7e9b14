// How long a test waits for an event to travel gateway → tracking → Kafka → aggregator → Postgres. Alone it
// takes well under a second; in the full parallel run a new consumer group may wait for a rebalance first.
export const pipelinePatience = { timeoutMs: 45_000, intervalMs: 200 } as const;
