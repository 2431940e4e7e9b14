// "At most one run per `intervalMs`, and always one after the last trigger": many presence changes in a
// burst become one active_users_update per instance. Runs never overlap, so an older snapshot can never be
// sent after a newer one.
export interface Throttled {
  trigger(): void;
  cancel(): void;
}

export function throttle(
  run: () => Promise<void>,
  intervalMs: number,
  onError: (err: unknown) => void,
): Throttled {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let pending = false;
  let lastStart = -Infinity;
  let cancelled = false;

  const schedule = () => {
    if (timer || cancelled) return;
    timer = setTimeout(fire, Math.max(0, lastStart + intervalMs - Date.now()));
  };

  const fire = () => {
    timer = undefined;
    if (running) {
      pending = true;
      return;
    }
    running = true;
    lastStart = Date.now();
    run()
      .catch(onError)
      .finally(() => {
        running = false;
        if (pending) {
          pending = false;
          schedule();
        }
      });
  };

  return {
    trigger: () => (running ? (pending = true) : schedule()),
    cancel: () => {
      cancelled = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
