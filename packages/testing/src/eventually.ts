// Polls an assertion until it passes or the time is up (asynchronous pipelines: Kafka → aggregator → DB).
export async function eventually<T>(
  fn: () => Promise<T>,
  { timeoutMs = 15_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
