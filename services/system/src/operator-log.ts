// The composed system's lines for the operator: what a service reports, or trouble while closing.

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A service's reporter writing `service: message (error)` lines to `log`; nothing without a log. */
export const logAs =
  (log: ((line: string) => void) | undefined, service: string) => (message: string, err?: unknown) =>
    log?.(`${service}: ${message}${err ? ` (${errorText(err)})` : ''}`);
