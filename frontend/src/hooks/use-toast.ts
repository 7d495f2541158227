// The toast store of core-panel §4 and §9: it holds one toast, a new toast replaces the
// older one, and a dismissed toast is marked closed, then removed after a long delay so
// its closing animation and announcements are never cut short.
import { useSyncExternalStore, type ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Keys that move focus to the notification region (`KeyboardEvent.code` values). */
export const TOAST_HOTKEY = ['F8'];

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast that undoes what it reports, e.g. 'Undo' after a delete. */
export interface ToastAction {
  label: string;
  /** What a screen reader user is told the button does when they cannot see the toast. */
  altText: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastAction;
}

export interface ToastRecord extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastRecord[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastRecord[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  for (const item of toasts) {
    if (id === undefined || item.id === id) scheduleRemoval(item.id);
  }
  publish(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

/** Shows a toast in place of whatever toast was showing. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => { dismissToast(id); } };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): ToastRecord[] {
  return toasts;
}

export function useToasts(): ToastRecord[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
