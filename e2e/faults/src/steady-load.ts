// A steady stream of tracking requests, as many visitors' browsers would send them: `concurrency`
// senders, each sending its next request as soon as the previous one was answered. Every answer is kept
// with when it was asked and how long it took.
export interface Answer {
  visitorId: string;
  status: number;
  code?: string;
  startedAt: number;
  ms: number;
}

export interface SteadyLoad {
  answers: Answer[];
  stop(): Promise<void>;
}

export function steadyLoad(
  send: (visitorId: string) => Promise<{ status: number; code?: string }>,
  { concurrency, label }: { concurrency: number; label: string },
): SteadyLoad {
  const answers: Answer[] = [];
  let running = true;
  let next = 0;
  const sender = async () => {
    while (running) {
      const visitorId = `${label}-${next++}`;
      const startedAt = Date.now();
      const { status, code } = await send(visitorId);
      answers.push({ visitorId, status, ...(code ? { code } : {}), startedAt, ms: Date.now() - startedAt });
      // Yield so timers (the bus's acknowledgement deadline) are never starved by a fast loop.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const senders = Array.from({ length: concurrency }, sender);
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(senders);
    },
  };
}
