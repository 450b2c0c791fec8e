import type { TransactItem } from '../db/write.ts';

type Key = { pk: string; sk: string };

/** What an ADD adds: a number, or members of a string set. */
export type Addend = number | Set<string>;
const moves = (value: Addend | undefined) => (typeof value === 'number' ? value !== 0 : value !== undefined && value.size > 0);

export interface AddOptions {
  /** attributes set alongside (e.g. a day item's `date`) */
  set?: Record<string, unknown>;
  /** a condition, with the values it names (placeholders of its own, not :a0.. or :s0..) */
  condition?: string;
  values?: Record<string, unknown>;
}

/**
 * The one way a counter moves: an ADD of each non-zero figure (or non-empty set) onto one item (which ADD creates at
 * zero when absent, so no counter needs setting up), with what `options` adds. Null when nothing
 * moves. No condition unless one is given: concurrent writers never wait on each other.
 */
export function addUpdate(key: Key, add: Readonly<Record<string, Addend | undefined>>, options: AddOptions = {}): TransactItem | null {
  const names = Object.keys(add).filter((name) => moves(add[name]));
  const sets = Object.keys(options.set ?? {});
  if (names.length === 0) return null;
  const clauses = [
    `ADD ${names.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
    sets.length ? `SET ${sets.map((_, i) => `#s${i} = :s${i}`).join(', ')}` : '',
  ].filter(Boolean);
  const values = {
    ...Object.fromEntries(names.map((name, i) => [`:a${i}`, add[name]])),
    ...Object.fromEntries(sets.map((name, i) => [`:s${i}`, options.set![name]])),
    ...options.values,
  };
  return {
    Update: {
      Key: key,
      UpdateExpression: clauses.join(' '),
      ExpressionAttributeNames: {
        ...Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
        ...Object.fromEntries(sets.map((name, i) => [`#s${i}`, name])),
      },
      ExpressionAttributeValues: values,
      ...(options.condition ? { ConditionExpression: options.condition } : {}),
    },
  };
}

/** The figures of `from` whose names are in `names` (others left out). */
export function only<F extends string>(names: readonly F[], from: Readonly<Record<string, number | undefined>>) {
  return Object.fromEntries(names.filter((name) => from[name] !== undefined).map((name) => [name, from[name]!])) as Partial<
    Record<F, number>
  >;
}
