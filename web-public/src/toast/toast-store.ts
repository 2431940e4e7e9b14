// The toasts of spec §9: one visible at a time (a new one replaces the old), 5000 ms by default, each with
// a title, a description, an optional action and a close button, in default or destructive style.
// This store is tiny and always loaded; the Radix toaster that draws it is loaded after the first paint.
export interface ToastAction {
  label: string;
  /** What a screen-reader user is told to do instead (Radix requires it for actions). */
  altText: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  action?: ToastAction;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** Time for the closing animation before a dismissed toast is dropped. */
const REMOVE_DELAY_MS = 300;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<(toasts: ToastItem[]) => void>();

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number): void {
  publish(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => publish(toasts.filter((t) => t.id !== id || t.open)), REMOVE_DELAY_MS);
}

export function subscribeToasts(listener: (toasts: ToastItem[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): ToastItem[] {
  return toasts;
}
