import { safeParse, type core } from 'zod';

/** Any zod schema, classic or mini (the login schema is mini). */
type Schema = core.$ZodType;

/** The messages a schema gives for an input, as a form would show them ([] when it is valid). */
export function messages(schema: Schema, input: unknown): string[] {
  const result = safeParse(schema, input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The message a schema gives for one field (by its first path segment), or undefined. */
export function messageFor(schema: Schema, input: unknown, field: string): string | undefined {
  const result = safeParse(schema, input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => String(issue.path[0]) === field)?.message;
}

export const chars = (n: number, ch = 'a') => ch.repeat(n);
