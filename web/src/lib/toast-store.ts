/**
 * Toast queue (docs/product.md, "Texts and messages"): one toast visible at a time, auto-close after 5 s, a dismissed toast
 * is dropped from memory after 1,000,000 ms. Kept outside React so any module can call
 * showToast without a hook.
 */
export type ToastStatus = 'success' | 'error' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  status: ToastStatus;
  /** Auto-close delay; 5000 ms by default (the settings colour toasts use 3000). */
  duration?: number;
}

export interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description: string | undefined;
  open: boolean;
}

export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_LIMIT = 1;

type Listener = () => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}

export function showToast(input: ToastInput): number {
  const id = nextId++;
  const toast: Toast = {
    id,
    title: input.title,
    description: input.description,
    status: input.status,
    duration: input.duration ?? TOAST_DURATION_MS,
    open: true,
  };
  // Newest first; older ones beyond the limit fall away (only one is ever visible).
  toasts = [toast, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  if (!removalTimers.has(id)) {
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        toasts = toasts.filter((t) => t.id !== id);
        emit();
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

/** Test helper: forget every toast and timer. */
export function resetToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  toasts = [];
  emit();
}
