// The data layer of both SPAs (spec §7): every API call is `call(route, input)` with a route contract of
// packages/contracts — the URL is built from the route's path, its `:params` and query, the body sent as
// JSON, and the answer parsed by the route's response schema (an answer that drifted from the contract is a
// ResponseShapeError, never a cast). Same-origin with cookies; one error form for every non-ok answer — an
// HttpError whose message is "<status>: <body text or status text>" and which reads the one error shape of
// every 4xx/5xx body (contracts errors.ts) when the body carries it.
import './zod-jitless';
import { routeUrl, type ErrorBody, type JsonRoute } from '@bodymetrics/contracts';
import type { z } from 'zod';

/** A non-ok response. The message keeps the spec's format; the status and body are kept for callers. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /**
   * The `error.message` (and `error.code`) of the one error shape (contracts `errorBodySchema`), when the body
   * carries it; read leniently (a bare `error` string counts as the message) so a proxy's page never throws.
   */
  serverError(): Partial<Pick<ErrorBody['error'], 'code' | 'message'>> {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === 'object' && 'error' in parsed) {
        const error = (parsed as { error: unknown }).error;
        if (error && typeof error === 'object') {
          const { code, message } = error as { code?: unknown; message?: unknown };
          return {
            ...(typeof code === 'string' ? { code } : {}),
            ...(typeof message === 'string' && message ? { message } : {}),
          };
        }
        if (typeof error === 'string' && error) return { message: error };
      }
    } catch {
      // A body that is not JSON carries no server message.
    }
    return {};
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

export interface RequestOptions {
  /** The admin session id, sent as a bearer token in addition to the HttpOnly cookie. */
  sessionId?: string | null;
  signal?: AbortSignal;
}

export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.sessionId) headers.Authorization = `Bearer ${options.sessionId}`;
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'include',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HttpError(response.status, text, response.statusText);
  }
  return response;
}

/** An answer whose body is not what the route's contract says: the server and the client disagree. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(
    readonly route: Pick<JsonRoute, 'method' | 'path'>,
    detail: string,
  ) {
    super(`${route.method} ${route.path} answered a body its contract does not allow: ${detail}`);
  }
}

/** A part of the call for the route's schema at `Key`: required unless every field of it may be left out. */
type Part<R, Key extends string> = R extends { [K in Key]: infer S extends z.ZodType }
  ? Record<string, never> extends z.input<S>
    ? { [K in Key]?: z.input<S> }
    : { [K in Key]: z.input<S> }
  : { [K in Key]?: never };

/** What a call sends: the route's body, query and path parameters, each only where the route has it. */
export type CallInput<R extends JsonRoute> = Part<R, 'body'> & Part<R, 'query'> & Part<R, 'params'>;

/** What a call answers: the output of the route's response schema. */
export type CallAnswer<R extends JsonRoute> = z.output<R['response']>;

/** A call's arguments after the route: its input (optional when nothing in it is required) and options. */
export type CallArgs<R extends JsonRoute> =
  Partial<CallInput<R>> extends CallInput<R>
    ? [input?: CallInput<R>, options?: RequestOptions]
    : [input: CallInput<R>, options?: RequestOptions];

const issuesText = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');

/**
 * Calls a JSON route of the contracts and answers its parsed body. A non-ok answer is an HttpError; an
 * answer that is not JSON, or not the route's response shape, is a ResponseShapeError.
 */
export async function call<const R extends JsonRoute>(
  route: R,
  ...[input, options]: CallArgs<R>
): Promise<CallAnswer<R>> {
  const { body, query, params } = (input ?? {}) as {
    body?: unknown;
    query?: Record<string, string | number | boolean | undefined>;
    params?: Record<string, string | number>;
  };
  const response = await apiRequest(route.method, routeUrl(route, query, params), body, options);
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new ResponseShapeError(route, 'the body is not JSON');
  }
  const parsed = route.response.safeParse(answer);
  if (!parsed.success) throw new ResponseShapeError(route, issuesText(parsed.error));
  return parsed.data as CallAnswer<R>;
}
