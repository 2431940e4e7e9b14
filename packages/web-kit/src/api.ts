// The generic data layer of both SPAs (spec §7): same-origin calls with cookies, JSON bodies, and one error
// form for every non-ok answer — an HttpError whose message is "<status>: <body text or status text>" and
// which reads the one error shape of every 4xx/5xx body (contracts errors.ts) when the body carries it.
import './zod-jitless';
import type { ErrorBody } from '@bodymetrics/contracts';
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

/** apiRequest, then the JSON body (unchecked: prefer `getParsed` where the route has a response schema). */
export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await apiRequest(method, url, body, options);
  return (await response.json()) as T;
}

/** A GET whose answer is parsed by its contract's response schema (a drifted answer is an error, not a cast). */
export async function getParsed<S extends z.ZodType>(
  url: string,
  schema: S,
  options?: RequestOptions,
): Promise<z.output<S>> {
  const response = await apiRequest('GET', url, undefined, options);
  return schema.parse(await response.json());
}

export function getJson<T>(url: string, options?: RequestOptions): Promise<T> {
  return apiJson<T>('GET', url, undefined, options);
}

export function postJson<T>(url: string, body: unknown, options?: RequestOptions): Promise<T> {
  return apiJson<T>('POST', url, body, options);
}
