import type { EventInfo } from '@event-admin/core/event/event.schema';
import { eventZone } from '@event-admin/core/event/event.rules';
import { wallClock, zoneAbbreviation, zonedInstant, type WallClock } from '@event-admin/core/time/zone';
import { businessZone } from './business-zone.ts';

import { formatDollars } from './numbers.ts';

/** Money in lists and the dashboard: USD, no decimals (SPEC §9). */
export const formatUsd = (dollars: number | null | undefined) => formatDollars(dollars ?? 0, 0);
/** The transactions total: USD with 2 decimals. */
export const formatUsdCents = (dollars: number) => formatDollars(dollars, 2);

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** A value as an instant, or undefined when it is not a date. */
function instantOf(value: string | number | Date | null | undefined) {
  if (value === null || value === undefined || value === '') return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}

/** 'Mar 8, 2026': the day a wall clock reads. */
const dayOf = (c: WallClock) => `${months[c.month - 1]} ${c.day}, ${c.year}`;

/** 'MMM d, yyyy' (SPEC §9), the day in the business's time zone; '' for a value that is not a date. */
export function formatDate(value: string | number | Date | null | undefined) {
  const ms = instantOf(value);
  return ms === undefined ? '' : dayOf(wallClock(ms, businessZone.get()));
}

/** 'Nov 24, 2026, 14:05' in the business's time zone: when something happened (a session, a sign-in). */
export function formatDateTime(value: string) {
  const ms = instantOf(value);
  if (ms === undefined) return '';
  const c = wallClock(ms, businessZone.get());
  return `${dayOf(c)}, ${two(c.hour)}:${two(c.minute)}`;
}

const moments = new Map<string, Intl.DateTimeFormat>();
/** 'Nov 27, 2026, 11:43 AM' in the business's time zone: when a history record was made. */
export function formatMoment(value: string) {
  const ms = instantOf(value);
  if (ms === undefined) return '';
  const zone = businessZone.get();
  let format = moments.get(zone);
  if (!format) moments.set(zone, (format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone })));
  return format.format(ms);
}

/** What places an event on a clock: its start, its `time`, and its zone (none: the business's). */
type EventClock = Pick<EventInfo, 'date'> & Partial<Pick<EventInfo, 'time'>> & { timeZone?: string | null };

/** An event's start read on its own clock (its zone, else the business's); undefined when not a date. */
function eventClock(event: EventClock) {
  const ms = instantOf(event.date);
  if (ms === undefined) return undefined;
  const zone = eventZone(event, businessZone.get());
  const c = wallClock(ms, zone);
  const day = `${c.year}-${two(c.month)}-${two(c.day)}`;
  return { zone, c, day, time: event.time || `${two(c.hour)}:${two(c.minute)}` };
}

/** An event's day, 'MMM d, yyyy', on its own clock. */
export function formatEventDate(event: EventClock) {
  const at = eventClock(event);
  return at ? dayOf(at.c) : '';
}

/** The month ('Jul') and day of the month of an event's day on its own clock: a calendar badge. */
export function eventMonthDay(event: EventClock) {
  const c = eventClock(event)?.c;
  return c ? { month: months[c.month - 1]!, day: c.day } : { month: '', day: '' };
}

/** An event's start on its own clock as a datetime-local value, '2031-07-14T20:00'; '' when not a date. */
export function eventDateTimeLocal(event: EventClock) {
  const at = eventClock(event);
  return at ? `${at.day}T${at.time}` : '';
}

/**
 * An event's day and time on its own clock, with the zone's abbreviation where that is not the
 * business's: 'Jul 14, 2031, 20:00 PDT' (issue 32).
 */
export function formatEventWhen(event: EventClock) {
  const at = eventClock(event);
  if (!at) return '';
  const when = `${dayOf(at.c)}, ${at.time}`;
  return at.zone === businessZone.get() ? when : `${when} ${zoneAbbreviation(zonedInstant(at.day, at.time, at.zone), at.zone)}`;
}

/** 'draft' -> 'Draft' */
export const capitalize = (value: string) => (value ? value[0]!.toUpperCase() + value.slice(1) : value);
