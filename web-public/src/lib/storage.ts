// Browser storage that never throws: private modes, disabled cookies or a full quota make
// localStorage/sessionStorage unusable, and the calculator must still work (it then keeps its state in
// memory for the life of the page).
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

/** Wraps a storage so that every failing call degrades to "nothing stored" instead of an exception. */
export function forgivingStorage(storage: KeyValueStorage): KeyValueStorage {
  return {
    getItem: (key) => {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        storage.setItem(key, value);
      } catch {
        // Quota or privacy mode: the value lives only as long as the page.
      }
    },
    removeItem: (key) => {
      try {
        storage.removeItem(key);
      } catch {
        // Same as above.
      }
    },
  };
}

const opened: Partial<Record<'localStorage' | 'sessionStorage', KeyValueStorage>> = {};

/** The browser's storage of that kind, or an in-memory stand-in when it cannot be used. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  const known = opened[kind];
  if (known) return known;
  let storage: KeyValueStorage;
  try {
    const candidate = window[kind];
    const probe = '__bm_probe__';
    candidate.setItem(probe, probe);
    candidate.removeItem(probe);
    storage = forgivingStorage(candidate);
  } catch {
    storage = memoryStorage();
  }
  opened[kind] = storage;
  return storage;
}
