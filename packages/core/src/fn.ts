import type { z } from 'zod';
import type { Db } from './db/client.ts';

/**
 * The guard at every core entry: the input is validated by the same schema the API and the
 * forms use, so the domain never sees an unchecked value, whoever calls it (API, seed, tests).
 * `actor` names who acts, for the history records writes add (the API passes the signed-in
 * administrator or API token); the seed and bulk loads act as `system`.
 * Schemas are idempotent, so a value tRPC has already parsed parses again unchanged.
 */
export function fn<S extends z.ZodType, R>(schema: S, cb: (db: Db, input: z.output<S>, actor: string) => Promise<R>) {
  const guarded = (db: Db, input: z.input<S>, actor = systemActor) => cb(db, schema.parse(input), actor);
  return Object.assign(guarded, { schema });
}

/** Who acts when no one signed in does: the seed, bulk loads, maintenance. */
export const systemActor = 'system';
