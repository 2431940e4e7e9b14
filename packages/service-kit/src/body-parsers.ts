// The bodies every service reads: JSON, and — only on the routes that opt in with `config: { beacon: true }`
// — navigator.sendBeacon's JSON sent as text/plain. A text/plain body is what an HTML form can send to
// another origin without a CORS preflight (`enctype="text/plain"`), so accepting it everywhere let a page
// on a sibling origin post JSON to any route (CSRF); elsewhere it is a 415. Both are parsed by fastify's
// own JSON parser (secure-json-parse), which refuses `__proto__` and `constructor.prototype` keys (prototype
// poisoning): that refusal answers 400 naming the key and the rule, not "not valid JSON".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './http-error';
import { firstInJson, pathOf } from './json-walk';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes navigator.sendBeacon's text/plain body (parsed as JSON). */
    beacon?: boolean;
  }
}

type Done = (err: Error | null, body?: unknown) => void;

/** Where in a parsed JSON value a key that secure-json-parse refuses sits, or undefined (walked without recursion: json-walk.ts). */
export function poisonedKeyPath(value: unknown): string | undefined {
  return firstInJson(value, (place) => {
    if (place.key === '__proto__') return pathOf(place);
    const inner = place.value;
    if (
      place.key === 'constructor' &&
      inner &&
      typeof inner === 'object' &&
      Object.prototype.hasOwnProperty.call(inner, 'prototype')
    )
      return `${pathOf(place)}.prototype`;
    return undefined;
  });
}

export const unsupportedTextBody = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    'content-type: text/plain is not accepted on this route; send application/json',
  );

export function installBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  const parseJson = (request: FastifyRequest, body: string, done: Done): void => {
    // fastify's own parser is synchronous (it calls back before returning).
    void json(request, body, (err, value) => {
      if (!err) return done(null, value);
      // Valid JSON refused for a poisoning key: say so, and where.
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return done(err);
      }
      const field = poisonedKeyPath(parsed);
      done(
        field ? badRequest(field, 'keys named "__proto__" or "constructor.prototype" are not accepted') : err,
      );
    });
  };

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, done);
  });
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    if (request.routeOptions.config.beacon !== true) return done(unsupportedTextBody());
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
}
