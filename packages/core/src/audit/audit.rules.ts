import type { AuditChange, AuditValue } from './audit.schema.ts';

/** Longest text a history value keeps: records stay small, far below DynamoDB's 400 KB item limit. */
export const maxValueLength = 200;

/** A value as the history shows it: primitives as they are, anything else as short JSON. */
export function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > maxValueLength ? `${text.slice(0, maxValueLength - 1)}…` : text;
}

/** The fields whose value differs between two versions of a record, before and after. Unchanged fields are left out. */
export function diffFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  fields: readonly string[],
): AuditChange[] {
  return fields.flatMap((field) => {
    const from = auditValue(before?.[field]);
    const to = auditValue(after[field]);
    return JSON.stringify(from) === JSON.stringify(to) ? [] : [{ field, from, to }];
  });
}

/** What an erased person's values read as in the history. */
export const erasedValue = '[erased]';

/** Fields of a customer, an address or a ticket whose values are personal data: erased with the person. */
export const personalFields: readonly string[] = [
  'name',
  'email',
  'phone',
  'street',
  'city',
  'state',
  'zipCode',
  'country',
  'attendeeName',
  'attendeeEmail',
];

/** Shortest text an erasure looks for inside summaries: shorter ones would blank unrelated words. */
const minTermLength = 3;

/**
 * The texts that identify a person, longest first (so a full name goes before a part of it):
 * what an erasure removes from summaries and free text. Values already erased and short ones are left out.
 */
export function erasureTerms(values: Iterable<unknown>): string[] {
  const terms = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const term = value.trim();
    if (term.length >= minTermLength && term !== erasedValue) terms.add(term);
  }
  return [...terms].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every term in it, whatever its case, replaced by [erased]. */
export function withoutTerms(text: string, terms: readonly string[]): string {
  if (!terms.length) return text;
  return text.replace(new RegExp(terms.map(escapeRegExp).join('|'), 'gi'), erasedValue);
}

/**
 * A history record with a person erased: personal fields' values become [erased], and the terms
 * disappear from the summary and any other value. Action, actor, time and ids stay. Undefined when
 * nothing in it changes (a record already scrubbed, or about something else).
 */
export function erasedRecord(
  record: { summary: string; changes?: AuditChange[] },
  terms: readonly string[],
): { summary: string; changes: AuditChange[] } | undefined {
  const scrub = (field: string, value: AuditValue): AuditValue => {
    if (value === null || typeof value !== 'string') return value;
    return personalFields.includes(field) && value !== '' ? erasedValue : withoutTerms(value, terms);
  };
  const changes = (record.changes ?? []).map((change) => ({
    field: change.field,
    from: scrub(change.field, change.from),
    to: scrub(change.field, change.to),
  }));
  const summary = withoutTerms(record.summary, terms);
  const same = summary === record.summary && JSON.stringify(changes) === JSON.stringify(record.changes ?? []);
  return same ? undefined : { summary, changes };
}
