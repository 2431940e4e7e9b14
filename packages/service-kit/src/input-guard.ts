// Postgres cannot store U+0000 in text or jsonb (22021 / 22P05): a NUL anywhere in a body, a query value
// or a path parameter would pass the contract and fail at the database as a 500 — or, for tracking, be
// accepted (202) and then dead-lettered by the aggregator. No person types one, so every service refuses
// it up front as a 400 that names the field, before validation and before anything is stored or sent.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';

/** The path of the first string (or key) holding a NUL, or undefined. */
export function fieldWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = fieldWithNul(inner, at);
    if (found) return found;
  }
  return undefined;
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = fieldWithNul(request.params) ?? fieldWithNul(request.query) ?? fieldWithNul(request.body);
    if (field) throw badRequest(field, 'must not contain a NUL character');
  });
}
