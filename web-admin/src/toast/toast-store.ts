// The one toast on screen (spec §9: one at a time). A new toast replaces the one showing.
import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): void {
  current = {
    id: nextId++,
    title: input.title,
    variant: input.variant ?? 'default',
    ...(input.description ? { description: input.description } : {}),
  };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast on screen, if any. */
export function currentToast(): ToastMessage | null {
  return current;
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(subscribe, currentToast);
}
