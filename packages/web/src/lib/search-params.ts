import type { ListOrder } from '@event-admin/core/shared.schema';

/**
 * Readers for routes' validateSearch. Route options are part of the entry chunk, so these stay
 * tiny instead of pulling a schema library into every first visit (the /login byte budget).
 * Anything unexpected reads as "not set".
 */
export function optionalText(value: unknown, maxLength = 200): string | undefined {
  return typeof value === 'string' && value !== '' && value.length <= maxLength ? value : undefined;
}

export function oneOf<T extends string>(allowed: readonly T[]) {
  return (value: unknown): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);
}

/** Wraps a route's reader so every key is optional: links to the route need not name them. */
export function searchReader<T extends Record<string, unknown>>(read: (search: Record<string, unknown>) => T) {
  return read as (search: Record<string, unknown>) => Partial<T>;
}

/** A dated list's orders (its index read either way); the type alone comes from core, not zod. */
export const listOrders = ['desc', 'asc'] as const satisfies readonly ListOrder[];
