// A job the analytics process runs on a timer (the weekly digest, the alert evaluation): one run at a time in
// this process — a tick that comes while a run is in progress joins it instead of stacking another, so a
// slow database or mail server does not pile runs up — and `stop` waits for the run in progress.
export interface PeriodicJob<T> {
  /** One run now, or the one in progress. */
  runNow(): Promise<T>;
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  /** 0: no timer (tests call runNow()). */
  intervalMs: number;
  /** Also run once right away (not only after the first interval). */
  runAtStart?: boolean;
  /** A failed timed run; the next tick tries again. */
  onError: (err: unknown) => void;
}

export function periodicJob<T>(run: () => Promise<T>, options: PeriodicJobOptions): PeriodicJob<T> {
  let running: Promise<T> | undefined;
  const runNow = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timed = () => {
    runNow().catch(options.onError);
  };
  const timer = options.intervalMs === 0 ? undefined : setInterval(timed, options.intervalMs);
  timer?.unref();
  if (timer && options.runAtStart) timed();
  return {
    runNow,
    stop: async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
