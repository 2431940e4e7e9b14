// A walk over a parsed request value (a body, a query, path parameters) without recursion. A body of a few
// kilobytes can nest thousands of levels deep ('[[[[…'), deeper than the call stack goes: a recursive walk
// would throw a RangeError on it and answer a 500 instead of the refusal it was written to make.

/** One place in the value: the value there, the key (or array index) it sits under, and how deep. */
export interface JsonPlace {
  value: unknown;
  /** undefined at the root. */
  key: string | undefined;
  /** 0 at the root, 1 for its fields and items, and so on. */
  depth: number;
  parent: JsonPlace | undefined;
}

/** The keys from the root down to `place`, joined with dots ('' for the root). */
export function pathOf(place: JsonPlace): string {
  const keys: string[] = [];
  for (let at: JsonPlace | undefined = place; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** The outermost key above `place` (the top-level field it is in), undefined at the root. */
export function outermostKey(place: JsonPlace): string | undefined {
  let at = place;
  while (at.parent?.key !== undefined) at = at.parent;
  return at.key;
}

/**
 * The first answer `visit` gives, visiting every place in document order (depth first, a key's value before
 * its next sibling), or undefined. An explicit stack instead of the call stack; a path is built only for the
 * place that is named (pathOf), so even a body nested thousands deep costs time in proportion to its size.
 */
export function firstInJson<T>(root: unknown, visit: (place: JsonPlace) => T | undefined): T | undefined {
  const pending: JsonPlace[] = [{ value: root, key: undefined, depth: 0, parent: undefined }];
  for (let place = pending.pop(); place; place = pending.pop()) {
    const found = visit(place);
    if (found !== undefined) return found;
    const { value } = place;
    if (!value || typeof value !== 'object') continue;
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      pending.push({
        value: (value as Record<string, unknown>)[key],
        key,
        depth: place.depth + 1,
        parent: place,
      });
    }
  }
  return undefined;
}
