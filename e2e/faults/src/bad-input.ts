// Arbitraries of bad input (fast-check): a valid request body taken apart — a field of the wrong type,
// a field missing, a field too many, a whole body of the wrong shape, odd unicode and injection strings
// where a value belongs — and text that is not JSON at all. Every generator is filtered by an oracle
// (the endpoint's own contract), so it only ever yields something the endpoint must refuse.
import fc from 'fast-check';

/** Strings attackers and broken clients send. */
export const injectionStrings = [
  "' OR '1'='1",
  "'; DROP TABLE page_visits; --",
  '1; SELECT pg_sleep(10)',
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '#{7*7}',
  '<%= 7*7 %>',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '{"$gt":""}',
  'admin\r\nSet-Cookie: bm_admin_session=x',
];

/** Unicode that trips up naive code: lone surrogates, bidi overrides, zero-width, emoji, NUL, huge. */
export const oddUnicode = [
  '\ud800',
  '\udfff',
  'a\ud83dz',
  '\u202egnp.exe',
  '\u200b\u200c\u200d\ufeff',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̸̢̛͎̰̭̙͒̓̊a̷̧̛̖͓̘̟͊̈́l̸̛̜̙͙̮̓͋g̶̢̛̗͔̫̀̈́o̷̧̖̙͕͑',
  'ﷺ'.repeat(80),
  '\u0000',
  'null\u0000byte',
  '\u2028\u2029',
  'ÿ'.repeat(3000),
];

export const oddStrings = fc.oneof(
  fc.constantFrom(...injectionStrings),
  fc.constantFrom(...oddUnicode),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 200, maxLength: 400 }),
);

/** Any value a JSON body can hold where one particular value belongs. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  oddStrings,
  fc.constantFrom(1e308, -1e308, -1, 0, 2 ** 53 + 1, 1.5, -0.000001, true, false, null, [], {}, ''),
);

type Json = unknown;
type Path = (string | number)[];

/** Every path into a JSON value (objects and arrays, and the leaves). */
export function pathsOf(value: Json, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push([...prefix, i], ...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...pathsOf(v, [...prefix, k]));
  return out;
}

/** The objects inside a value (the root included), where a field can be added. */
function objectPathsOf(value: Json): Path[] {
  const all: Path[] = [[], ...pathsOf(value)];
  return all.filter((p) => {
    const v = get(value, p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
}

function get(value: Json, path: Path): Json {
  let v: Json = value;
  for (const key of path) v = (v as Record<string | number, Json>)[key];
  return v;
}

/** Sets as an own property (so a `__proto__` key is data, as it is on the wire), on a copy. */
function withValue(value: Json, path: Path, next: Json | typeof remove): Json {
  const copy = structuredClone(value);
  if (path.length === 0) return next === remove ? undefined : next;
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, Json>;
  const key = path[path.length - 1]!;
  if (next === remove) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else
    Object.defineProperty(parent, key, { value: next, enumerable: true, writable: true, configurable: true });
  return copy;
}
const remove = Symbol('remove');

export type Mutation = 'wrong type' | 'missing field' | 'extra field' | 'wrong shape' | 'odd string';

/** A valid body with one thing wrong, and what was done to it. */
export function mutatedBody(valid: Json): fc.Arbitrary<{ body: Json; mutation: Mutation }> {
  const paths = pathsOf(valid);
  const objects = objectPathsOf(valid);
  const byPath = (mutation: Mutation, value: fc.Arbitrary<unknown>) =>
    fc
      .tuple(fc.constantFrom(...paths), value)
      .map(([path, v]) => ({ body: withValue(valid, path, v), mutation }));
  return fc.oneof(
    byPath('wrong type', anyValue),
    byPath('odd string', oddStrings),
    fc
      .constantFrom(...paths)
      .map((path) => ({ body: withValue(valid, path, remove), mutation: 'missing field' as const })),
    fc
      .tuple(
        fc.constantFrom(...objects),
        fc.oneof(
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'id', '$where'),
          oddStrings,
        ),
        anyValue,
      )
      .map(([path, key, v]) => ({
        body: withValue(valid, [...path, key], v),
        mutation: 'extra field' as const,
      })),
    fc
      .oneof(fc.jsonValue({ maxDepth: 1 }), fc.array(fc.constant(valid), { maxLength: 2 }), fc.constant(null))
      .map((body) => ({ body, mutation: 'wrong shape' as const })),
  );
}

/**
 * A valid body with one of its fields (or an added one) nested far deeper than any body is: arrays or objects
 * 33 to 8,000 levels down, as text built by hand (JSON.stringify itself overflows past a few thousand levels).
 */
export function deeplyNested(valid: Json): fc.Arbitrary<string> {
  const place = 'deeply-nested-value-goes-here';
  return fc
    .tuple(
      fc.constantFrom(...Object.keys(valid as object), 'extra'),
      fc.integer({ min: 33, max: 8000 }),
      fc.boolean(),
    )
    .map(([field, levels, arrays]) => {
      const deep = arrays
        ? `${'['.repeat(levels)}${']'.repeat(levels)}`
        : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
      return JSON.stringify({ ...(valid as object), [field]: place }).replace(`"${place}"`, deep);
    });
}

/** Text that is not JSON: truncated bodies, stray characters, other formats. */
export function malformedJson(valid: Json): fc.Arbitrary<string> {
  const text = JSON.stringify(valid);
  return fc
    .oneof(
      fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n)),
      fc.constantFrom(
        "{'a': 1}",
        '{a:1}',
        '{"a":1,}',
        '[1,2',
        'undefined',
        'NaN',
        '{"a":01}',
        '<xml/>',
        '\u0000{}',
        '{"a":"\\x41"}',
      ),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc
        .tuple(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), oddStrings)
        .map(([n, s]) => text.slice(0, n) + s),
    )
    .filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    });
}

/** Whether a JSON value has a key fastify's parser refuses as prototype poisoning. */
export function hasPoisonKey(value: Json): boolean {
  if (!value || typeof value !== 'object') return false;
  for (const [k, v] of Object.entries(value)) {
    if (k === '__proto__') return true;
    if (k === 'constructor' && v && typeof v === 'object' && 'prototype' in v) return true;
    if (hasPoisonKey(v)) return true;
  }
  return false;
}
