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
