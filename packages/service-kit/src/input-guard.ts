// What every service refuses in a request before validation, as a 400 naming the field, before anything is
// stored or sent:
// - U+0000 anywhere in a body, a query value or a path parameter. Postgres cannot store it in text or jsonb
//   (22021 / 22P05): it would pass the contract and fail at the database as a 500 — or, for tracking, be
//   accepted (202) and then dead-lettered by the aggregator. No person types one.
// - Arrays and objects nested deeper than maxNestingDepth. Nothing the product takes nests more than a few
//   levels, and what comes after this check does recurse: zod's size check of free-form objects
//   (JSON.stringify), the bus's envelope, Postgres' jsonb — a few kilobytes of '[[[[…' overflow them.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';
import { firstInJson, outermostKey, pathOf } from './json-walk';

/** Levels of arrays and objects a request value may nest (the body itself is level 0). */
export const maxNestingDepth = 32;

export interface RefusedField {
  /** The field's path (`nested.note`), or `(body)` for the body as a whole. */
  field: string;
  message: string;
}

const nul = (field: string): RefusedField => ({
  field: field || '(body)',
  message: 'must not contain a NUL character',
});

/** The first field of `value` refused before validation (a NUL, or nesting too deep), or undefined. */
export function refusedField(value: unknown): RefusedField | undefined {
  return firstInJson(value, (place): RefusedField | undefined => {
    if (place.key?.includes('\u0000')) return nul(pathOf(place));
    if (typeof place.value === 'string')
      return place.value.includes('\u0000') ? nul(pathOf(place)) : undefined;
    if (place.depth > maxNestingDepth && place.value !== null && typeof place.value === 'object')
      // The top-level field, not a path of dozens of zeros; a body that is itself an array is the body.
      return {
        field: Array.isArray(value) ? '(body)' : (outermostKey(place) ?? '(body)'),
        message: `must not nest arrays or objects more than ${maxNestingDepth} levels deep`,
      };
    return undefined;
  });
}

export function refuseUnfitInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const refused = refusedField(request.params) ?? refusedField(request.query) ?? refusedField(request.body);
    if (refused) throw badRequest(refused.field, refused.message);
  });
}
