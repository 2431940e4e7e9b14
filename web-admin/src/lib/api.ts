// The generic data layer (spec §7): every call includes credentials, sends JSON, and turns a non-ok
// response into an Error whose message is "<status>: <body or status text>".

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

  /** The `error.message` (and `error.code`) of the one error shape, when the body carries it. */
  serverError(): { code?: string; message?: string } {
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

/** apiRequest, then the JSON body. */
export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await apiRequest(method, url, body, options);
  return (await response.json()) as T;
}
