import { useEffect, useSyncExternalStore } from 'react';
import { errorMessage } from '../../lib/errors.ts';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  action?: { label: string; onClick: () => void };
  variant?: ToastVariant;
}

/** SPEC §9: one toast visible at a time, 5000 ms by default. */
export const toastDurationMs = 5000;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: Omit<Toast, 'id'>) {
  current = { ...input, id: nextId++ };
  emit();
  return current.id;
}

/** The fallback when a failed call brings no message of its own (network down, a bug). */
export const genericFailure = 'An error occurred. Please try again.';

/** A failed action's toast: its title, and the server's message (or the fallback). */
export function toastFailure(title: string, error: unknown, fallback = genericFailure) {
  return toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}

export function dismissToast(id?: number) {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const variantClass: Record<ToastVariant, string> = {
  default: 'border-base-300 bg-base-100 text-base-content',
  destructive: 'border-error bg-error text-error-content',
  success: 'border-success bg-success text-success-content',
};

export function Toaster() {
  // No toast in the build-time render of /login (prerender.tsx), nor while hydrating it.
  const item = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  useEffect(() => {
    if (!item) return;
    const timer = setTimeout(() => dismissToast(item.id), toastDurationMs);
    return () => clearTimeout(timer);
  }, [item]);
  return (
    <div className="toast toast-end toast-bottom z-[100]" aria-live="polite" role="region" aria-label="Notifications">
      {item && (
        <div
          role={item.variant === 'destructive' ? 'alert' : 'status'}
          data-variant={item.variant ?? 'default'}
          className={`flex w-80 max-w-[calc(100vw-2rem)] items-start gap-3 rounded-lg border p-4 shadow-lg ${variantClass[item.variant ?? 'default']}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{item.title}</p>
            {item.description && <p className="mt-1 text-sm opacity-90">{item.description}</p>}
            {item.action && (
              <button type="button" className="btn btn-xs mt-2" onClick={item.action.onClick}>
                {item.action.label}
              </button>
            )}
          </div>
          <button type="button" className="btn btn-ghost btn-xs" aria-label="Dismiss notification" onClick={() => dismissToast(item.id)}>
            ✕
          </button>
        </div>
      )}
    </div>
  );
}
