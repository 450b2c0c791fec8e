export const eventStatuses = ['draft', 'active', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof eventStatuses)[number];

/** Only these can show as upcoming (the dashboard skips cancelled and completed events). */
export const canBeUpcoming = (status: string) => status === 'draft' || status === 'active';

/** What the events search looks in (SPEC: title and venue, case-insensitive), stored lower-cased. */
export function eventSearchText(fields: { title: string; venue: string }) {
  return [fields.title, fields.venue].join('\n').toLowerCase();
}
