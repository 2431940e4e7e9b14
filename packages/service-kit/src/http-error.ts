// An error a route throws on purpose: its status, a stable code and a message safe to show.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 429: over a limit (rate-limit.ts). The error handler sends `retryAfterSeconds` as Retry-After. */
export class RateLimitedError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
    code = 'rate_limited',
    details?: unknown,
  ) {
    super(429, code, message, details);
    this.name = 'RateLimitedError';
  }
}

export const badRequest = (field: string, message: string) =>
  new HttpError(400, 'validation_error', `${field}: ${message}`, [{ field, message }]);
export const unauthorized = () => new HttpError(401, 'unauthorized', 'A valid admin session is required');
export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
export const serviceUnavailable = (message: string) => new HttpError(503, 'service_unavailable', message);
