import type { z } from 'zod';

/** The messages a schema gives for an input, as a form would show them ([] when it is valid). */
export function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The message a schema gives for one field (by its first path segment), or undefined. */
export function messageFor(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => String(issue.path[0]) === field)?.message;
}

export const chars = (n: number, ch = 'a') => ch.repeat(n);
