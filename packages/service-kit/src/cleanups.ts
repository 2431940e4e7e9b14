// What a start-up opened, closed in reverse order: by close(), or at once when a later step of the start-up
// fails, so a half-started system leaves no port, file lock or database handle behind. One closer failing
// does not keep the others open; it is reported and the unwinding goes on.
export interface Cleanups {
  /** Registers a closer; the last registered runs first. */
  push(cleanup: () => Promise<unknown> | unknown): void;
  /** Runs every closer registered so far (once each), newest first. */
  unwind(): Promise<void>;
}

export function cleanups(onError: (err: unknown) => void): Cleanups {
  const stack: (() => Promise<unknown> | unknown)[] = [];
  return {
    push: (cleanup) => void stack.push(cleanup),
    unwind: async () => {
      for (const cleanup of stack.splice(0).reverse()) {
        try {
          await cleanup();
        } catch (err) {
          onError(err);
        }
      }
    },
  };
}
