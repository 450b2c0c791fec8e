import { format } from 'date-fns';
import { formatDollars } from './numbers.ts';

/** Money in lists and the dashboard: USD, no decimals (SPEC §9). */
export const formatUsd = (dollars: number | null | undefined) => formatDollars(dollars ?? 0, 0);
/** The transactions total: USD with 2 decimals. */
export const formatUsdCents = (dollars: number) => formatDollars(dollars, 2);

/** 'MMM d, yyyy' (SPEC §9); '' for a value that is not a date. */
export function formatDate(value: string | number | Date | null | undefined) {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}

/** 'Nov 24, 2026, 14:05': when something happened (a session, a sign-in). */
export const formatDateTime = (value: string) => format(new Date(value), 'MMM d, yyyy, HH:mm');

/** 'draft' -> 'Draft' */
export const capitalize = (value: string) => (value ? value[0]!.toUpperCase() + value.slice(1) : value);
