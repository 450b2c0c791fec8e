import { addDays, today as todayIn } from '@event-admin/core/time/zone';
import { businessZone } from '../../lib/business-zone.ts';
import { formatDollars } from '../../lib/numbers.ts';

/**
 * The Reports screen's range choices, kept in the URL ('7d', not '7': the router would store a
 * number-like text quoted). Days are the business's (its time zone's calendar days).
 */
export const rangePresets = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof rangePresets)[number]['value'];
export const rangeValues = rangePresets.map((p) => p.value);

/** The days a preset covers, ending today in the business's time zone; a custom range is the dates chosen. */
export function resolveRange(preset: RangePreset, custom: { from?: string; to?: string }, now = new Date()) {
  const today = todayIn(businessZone.get(), now);
  if (preset === 'custom') return { from: custom.from ?? addDays(today, -29), to: custom.to ?? today };
  if (preset === 'month') return { from: `${today.slice(0, 7)}-01`, to: today };
  if (preset === 'last-month') {
    const firstOfThis = `${today.slice(0, 7)}-01`;
    const lastOfPrevious = addDays(firstOfThis, -1);
    return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
  }
  return { from: addDays(today, -(parseInt(preset, 10) - 1)), to: today };
}

/** '+12.5%' against the previous period; none when there was nothing before. */
export function change(current: number, previous: number) {
  if (previous === 0) return current === 0 ? '0%' : 'new';
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

export const money = (cents: number) => formatDollars(cents / 100, 2);
