import type { z } from 'zod';
import type { Db } from './db/client.ts';

/**
 * The guard at every core entry: the input is validated by the same schema the API and the
 * forms use, so the domain never sees an unchecked value, whoever calls it (API, seed, tests).
 * Schemas are idempotent, so a value tRPC has already parsed parses again unchanged.
 */
export function fn<S extends z.ZodType, R>(schema: S, cb: (db: Db, input: z.output<S>) => Promise<R>) {
  const guarded = (db: Db, input: z.input<S>) => cb(db, schema.parse(input));
  return Object.assign(guarded, { schema });
}
