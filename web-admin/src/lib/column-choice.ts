// Which columns of a wide table show: by default the ones the operator needs first (at most
// maxDefaultColumns), the rest on demand through the column chooser. The choice is kept in this browser's
// local storage per table, so the table opens as it was left.
export const maxDefaultColumns = 8;

const storageKey = (table: string) => `bm_admin_columns:${table}`;

/** The columns shown before any choice: those not marked optional, the first maxDefaultColumns of them. */
export function defaultColumns(columns: readonly { id: string; optional?: boolean }[]): string[] {
  return columns
    .filter((c) => !c.optional)
    .slice(0, maxDefaultColumns)
    .map((c) => c.id);
}

/** The stored choice of `table`, only the columns it still has; null when there is none (or no storage). */
export function readColumnChoice(table: string, known: readonly string[]): string[] | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey(table)) ?? 'null');
    if (!Array.isArray(stored)) return null;
    const shown = known.filter((id) => stored.includes(id));
    return shown.length > 0 ? shown : null;
  } catch {
    return null; // Storage can be disabled or hold something else: the defaults then.
  }
}

export function storeColumnChoice(table: string, shown: readonly string[] | null): void {
  try {
    if (shown === null) window.localStorage.removeItem(storageKey(table));
    else window.localStorage.setItem(storageKey(table), JSON.stringify(shown));
  } catch {
    // Without storage the choice lasts as long as the page.
  }
}
