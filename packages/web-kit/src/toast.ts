// The toasts of spec §9: one visible at a time (a new one replaces the old), 5000 ms by default, each with
// a title, an optional description and action and a close button, in default or destructive style; a swipe
// to the right past 50 px dismisses one and F8 focuses the region. Tiny and React-free apart from the
// hook, so an app can keep it in its first download and load the Radix toaster that draws it later.
import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  /** What a screen-reader user is told to do instead (Radix requires it for actions). */
  altText: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  action?: ToastAction;
}

export interface ToastItem extends ToastInput {
  id: number;
  variant: ToastVariant;
  /** False while a dismissed toast plays its closing animation. */
  open: boolean;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];
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
  publish(
    [{ ...input, variant: input.variant ?? 'default', id, open: true }, ...toasts].slice(0, TOAST_LIMIT),
  );
  return id;
}

export function dismissToast(id: number): void {
  if (!toasts.some((t) => t.id === id && t.open)) return;
  publish(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => publish(toasts.filter((t) => t.id !== id || t.open)), REMOVE_DELAY_MS);
}

export function subscribeToasts(listener: (toasts: ToastItem[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every toast still drawn (the one on screen, and one closing). */
export function currentToasts(): ToastItem[] {
  return toasts;
}

/** The toast on screen, if any. */
export function currentToast(): ToastItem | null {
  return toasts.find((t) => t.open) ?? null;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
}
