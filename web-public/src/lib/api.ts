// The generic data layer of spec §7: same-origin calls with cookies, JSON bodies, and one error form for
// every non-ok answer: "<status>: <body text or status text>".
import './zod-jitless';
import type { z } from 'zod';

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => '')) || response.statusText;
    throw new Error(`${response.status}: ${text}`);
  }
  return response;
}

/** A GET whose answer is parsed by its contract's response schema (a drifted answer is an error, not a cast). */
export async function getParsed<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> {
  const response = await apiRequest('GET', url);
  return schema.parse(await response.json());
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url);
  return (await response.json()) as T;
}

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await apiRequest('POST', url, body);
  return (await response.json()) as T;
}
