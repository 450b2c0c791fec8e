/**
 * Compile-time checks that a response schema and the type the code answers with cannot drift:
 * `npm run typecheck` fails when a field is added, removed, retyped or made optional on one side.
 */

/** Objects and arrays rebuilt as plain mapped types, so `A & { id: string }` compares equal to its flattened form. */
type Normal<T> = T extends readonly (infer Item)[] ? Normal<Item>[] : T extends object ? { [K in keyof T]: Normal<T[K]> } : T;

/**
 * True when A and B are the same type. Stricter than mutual assignability, which would let an
 * optional field exist on one side only (`{ a?: string }` and `{}` are assignable both ways).
 */
export type Equal<A, B> = (<T>() => T extends Normal<A> ? 1 : 2) extends <T>() => T extends Normal<B> ? 1 : 2 ? true : false;

/** `Expect<Equal<A, B>>` is a type error unless A and B are the same. */
export type Expect<T extends true> = T;

/** The check itself, checked: each `@ts-expect-error` line must stay an error, or `tsc` reports it unused. */
export type EqualSelfChecks = [
  Expect<Equal<{ a: string } & { b: number[] }, { a: string; b: number[] }>>,
  // @ts-expect-error an optional field on one side only
  Expect<Equal<{ id: string; note?: string }, { id: string }>>,
  // @ts-expect-error a field made optional
  Expect<Equal<{ id?: string }, { id: string }>>,
  // @ts-expect-error a field made nullable
  Expect<Equal<{ at: string | null }, { at: string }>>,
  // @ts-expect-error a field inside a list retyped
  Expect<Equal<{ items: { n: number }[] }, { items: { n: string }[] }>>,
];
