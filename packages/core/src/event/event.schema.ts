import * as z from 'zod';
import {
  entityId,
  expectedVersion,
  isoTime,
  listOrder,
  named,
  optionalText,
  pageInput,
  parseableDate,
  percentText,
  wholeCount,
} from '../shared.schema.ts';
import { capacityField } from '../ticket-type/ticket-type.schema.ts';
import { eventStatuses } from './event.rules.ts';
import { timeZoneField } from '../time/zone.schema.ts';

// The statuses live with the rules (no zod there), so a route can read them without the schema library.
export { eventStatuses, type EventStatus } from './event.rules.ts';

/** Default time of an event entity; the create form starts at 09:00 instead (SPEC §9). */
export const defaultEventTime = '19:00';
export const createFormDefaultTime = '09:00';

export const timeOfDay = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid time format (HH:MM)');

const status = z.enum(eventStatuses, {
  error: 'Status must be one of draft, active, completed or cancelled',
});

/**
 * The place's IANA zone (issue 32): `date` is the instant the event starts, and its day and `time`
 * are read on that zone's clock. null or left out on create: the business's zone.
 */
const eventTimeZone = timeZoneField.nullish();

/** A field an update may leave out: not sent means unchanged, never cleared (no default here). */
const keptText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();

/** POST /api/events, events.create */
export const createEventInput = z.object({
  title: z.string().trim().min(3, 'Title must be at least 3 characters long').max(200, 'Title must be at most 200 characters'),
  description: optionalText(),
  date: parseableDate('Invalid date format'),
  time: timeOfDay.default(defaultEventTime),
  venue: z.string().trim().min(3, 'Venue must be at least 3 characters long').max(200, 'Venue must be at most 200 characters'),
  status: status.default('draft'),
  timeZone: eventTimeZone,
  venueId: optionalText(200),
  ticketEvolutionEventId: optionalText(200),
  tailgateEventId: optionalText(200),
  tailgateDiscount: optionalText(20),
  seatViewUrl: optionalText(2000),
});
export type CreateEventInput = z.input<typeof createEventInput>;

/**
 * PUT /api/events/{id}, events.update. Fields left out keep their stored values. `sales` is
 * accepted for compatibility and ignored: counters are the server's.
 */
export const updateEventInput = z.object({
  id: entityId,
  title: z.string().trim().min(2, 'Title must be at least 2 characters.').max(200, 'Title must be at most 200 characters'),
  description: keptText(5000),
  date: z.string().trim().min(1, 'Date is required.').pipe(parseableDate('Invalid date format')),
  time: timeOfDay.optional(),
  venue: z.string().trim().min(1, 'Location is required.').max(200, 'Location must be at most 200 characters'),
  status: status.optional(),
  /** left out: unchanged; null: the business's zone from now on */
  timeZone: eventTimeZone,
  sales: z.unknown().optional(),
  version: expectedVersion,
  venueId: keptText(200),
  ticketEvolutionEventId: keptText(200),
  tailgateEventId: keptText(200),
  tailgateDiscount: keptText(20),
  seatViewUrl: keptText(2000),
  /** tickets all its types together may sell (null: no limit); left out: unchanged */
  capacity: capacityField.optional(),
});
export type UpdateEventInput = z.input<typeof updateEventInput>;

export const eventIdInput = z.object({ id: entityId });
/** events.archive, events.unarchive, events.delete: with the version loaded, refused (409) if it moved since. */
export const eventVersionInput = z.object({ id: entityId, version: expectedVersion });
export const recentEventsInput = z.object({
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 100')
    .max(100, 'Limit must be between 1 and 100')
    .default(5),
});
export const addPageViewsInput = z.object({
  id: entityId,
  count: z
    .number()
    .int('Count must be a whole number')
    .min(1, 'Count must be between 1 and 100000')
    .max(100_000, 'Count must be between 1 and 100000')
    .default(1),
});

/** What the events list can be ordered by: when each event was created (the default) or its date. */
export const eventsSorts = ['created', 'date'] as const;
export type EventsSort = (typeof eventsSorts)[number];

/** events.page: newest created first (or by event date), searched over title and venue, filtered by status, on the server. */
export const eventsPageInput = pageInput(25).extend({
  status: z.enum(eventStatuses, { error: 'Status must be one of draft, active, completed or cancelled' }).nullish(),
  sort: z.enum(eventsSorts, 'Sort must be created or date').default('created'),
  order: listOrder,
  /** true: the archived events only (the list's Archived filter); otherwise the others only */
  archived: z.boolean().optional(),
});
export type EventsPageInput = z.input<typeof eventsPageInput>;

export const eventInfo = named('EventInfo', {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  date: isoTime,
  time: z.string(),
  /** the IANA zone its date and time are read in; null: the business's */
  timeZone: z.string().nullable(),
  venue: z.string(),
  status: z.enum(eventStatuses),
  /** completed sales in dollars */
  sales: z.number(),
  venueId: z.string(),
  ticketEvolutionEventId: z.string(),
  tailgateEventId: z.string(),
  tailgateDiscount: z.string(),
  seatViewUrl: z.string(),
  pageViews: wholeCount,
  completedPurchases: wholeCount,
  /** e.g. '12.5%' */
  conversionRate: percentText,
  createdAt: isoTime,
  updatedAt: isoTime,
  /** when it was archived; null while not archived */
  archivedAt: isoTime.nullable(),
  /** tickets all its types together may sell; null: no limit */
  capacity: wholeCount.nullable(),
  version: wholeCount,
});
export type EventInfo = z.output<typeof eventInfo>;

// ---- the create wizard's form (one schema, three steps) ----

export const ctaChoices = ['Register Now', 'Buy Tickets', 'RSVP', 'Learn More', 'Join Us', 'Custom'] as const;
export const defaultCtaText = 'Register Now';

export const createEventForm = z.object({
  title: z.string().trim().min(3, 'Title must be at least 3 characters long'),
  description: z.string().optional(),
  date: parseableDate('Invalid date format'),
  time: timeOfDay,
  /** the place's zone: the date and time above are its wall clock (the form starts with the business's) */
  timeZone: timeZoneField.optional(),
  venue: z.string().trim().min(3, 'Venue must be at least 3 characters long'),
  status: z.string(),
  seoTitle: z.string().max(60, 'SEO title should be under 60 characters'),
  seoDescription: z.string().max(160, 'Description should be under 160 characters'),
  seoKeywords: z.string(),
  ctaText: z.string(),
  customCta: z.string().optional(),
});
export type CreateEventForm = z.infer<typeof createEventForm>;

/** Which fields each wizard step validates before Next. */
export const createEventSteps = {
  basic: ['title', 'description', 'date', 'time', 'timeZone', 'venue', 'status'],
  seo: ['seoTitle', 'seoDescription', 'seoKeywords'],
  cta: ['ctaText', 'customCta'],
} as const satisfies Record<string, readonly (keyof CreateEventForm)[]>;

// ---- the edit page's Basic Info form ----

export const editEventForm = z.object({
  title: z.string().trim().min(2, 'Title must be at least 2 characters.'),
  /** datetime-local value, e.g. 2030-05-01T19:00 */
  dateTime: z.string().min(1, 'Date is required.'),
  /** the zone `dateTime` is read in (the event's, else the business's) */
  timeZone: timeZoneField.optional(),
  description: z.string().optional(),
  location: z.string().trim().min(1, 'Location is required.'),
  venueId: z.string().optional(),
  ticketEvolutionEventId: z.string().optional(),
  tailgateEventId: z.string().optional(),
  tailgateDiscount: z.string().optional(),
  seatViewUrl: z.string().optional(),
});
export type EditEventForm = z.infer<typeof editEventForm>;
