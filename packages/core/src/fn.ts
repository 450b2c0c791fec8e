import type { z } from 'zod';
import type { Db } from './db/client.ts';

/**
 * Who acts, for the history records writes add: `name` as the history shows it (a username,
 * `token:<name> (<owner>)`, or `system`), and the ids the history is filtered by (the member, and
 * the API token when one acts).
 */
export interface Actor {
  name: string;
  memberId?: string;
  tokenId?: string;
}

/** Who acts when no one signed in does: the seed, bulk loads, maintenance. */
export const systemActor: Actor = { name: 'system' };

/** An entry's last argument: who acts (optional: `system`), or for account entries their own context (required). */
type ActorArg<A> = [A] extends [Actor] ? [actor?: A] : [actor: A];

/**
 * The guard at every core entry: the input is validated by the same schema the API and the
 * forms use, so the domain never sees an unchecked value, whoever calls it (API, seed, tests).
 * `actor` names who acts (the API passes the signed-in member or API token; the seed and bulk
 * loads act as `system`); account entries (sign-in, sessions, the team) take in its place what
 * they need to know of the call: the member, the client's address, the configured administrator.
 * Schemas are idempotent, so a value tRPC has already parsed parses again unchanged.
 */
export function fn<S extends z.ZodType, R, A = Actor>(schema: S, cb: (db: Db, input: z.output<S>, actor: A) => Promise<R>) {
  const guarded = (db: Db, input: z.input<S>, ...[actor]: ActorArg<A>) => cb(db, schema.parse(input), (actor ?? systemActor) as A);
  return Object.assign(guarded, { schema });
}
