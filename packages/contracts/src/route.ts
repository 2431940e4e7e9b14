// Route contracts: one object per HTTP route — method, path, and the schemas of its body, query, path
// parameters and answer. The service registers the route from it, the gateway routes its path, and the
// clients build the URL and parse the answer with it, so a path or a shape is written once (the bare
// paths live in route-paths.ts, for clients that need no schema).
import type { z } from 'zod';
import { fillPath } from './route-paths';

/**
 * An answer that is not JSON (an HTML page, an image, a CSV file): the route names its content type,
 * which the service sends it with (`rawAnswer`) and which keeps the JSON client from calling it.
 */
export interface RawAnswer<ContentType extends string = string> {
  readonly contentType: ContentType;
}

/** Declares a non-JSON answer by its content type. */
export const answers = <const ContentType extends string>(
  contentType: ContentType,
): RawAnswer<ContentType> => ({
  contentType,
});

export interface RouteContract {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A fastify path: static or with `:param` segments. */
  path: string;
  /** The status of a successful answer. */
  status: 200 | 201 | 202;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The JSON answer's schema, or the content type of an answer that is not JSON. */
  response: z.ZodType | RawAnswer;
}

/** A route answered in JSON: the one kind the typed client calls. */
export type JsonRoute = RouteContract & { response: z.ZodType };
/** A route answered with a page, an image or a file: linked to (routeUrl), not called. */
export type RawRoute = RouteContract & { response: RawAnswer };

/** Declares a route: its literal method and path stay in the type, so handlers and clients are typed by it. */
export const route = <const R extends RouteContract>(r: R): R => r;

export const isRawAnswer = (response: RouteContract['response']): response is RawAnswer =>
  'contentType' in response && typeof response.contentType === 'string';

type QueryValue = string | number | boolean | undefined;

/** The URL a client calls: the route's path with its `:param` segments filled and its query string (`?days=30`). */
export function routeUrl(
  route: Pick<RouteContract, 'path'>,
  query?: Record<string, QueryValue>,
  params?: Record<string, string | number>,
): string {
  const path = params ? fillPath(route.path, params) : route.path;
  const entries = Object.entries(query ?? {}).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  );
  if (entries.length === 0) return path;
  const search = new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)]));
  return `${path}?${search.toString()}`;
}
