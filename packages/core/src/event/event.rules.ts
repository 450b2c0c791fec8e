import { localDate, today } from '../time/zone.ts';

export const eventStatuses = ['draft', 'active', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof eventStatuses)[number];

/** Only these can show as upcoming (the dashboard skips cancelled and completed events). */
export const canBeUpcoming = (status: string) => status === 'draft' || status === 'active';

/** What the events search looks in (SPEC: title and venue, case-insensitive), stored lower-cased. */
export function eventSearchText(fields: { title: string; venue: string }) {
  return [fields.title, fields.venue].join('\n').toLowerCase();
}

/** The zone an event's date and time are read in: its own, else the business's (issue 32). */
export const eventZone = (event: { timeZone?: unknown }, businessZone: string) =>
  typeof event.timeZone === 'string' && event.timeZone ? event.timeZone : businessZone;

/** Past once its day is over on its own clock: an event stays upcoming all through its day there. */
export const isPastEvent = (event: { date: string; timeZone?: unknown }, businessZone: string, now: Date | number = Date.now()) => {
  const zone = eventZone(event, businessZone);
  return localDate(event.date, zone) < today(zone, now);
};
