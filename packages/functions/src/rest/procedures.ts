import type { AnyProcedure } from '@trpc/server';
import * as z from 'zod';
import type { createCaller } from '../trpc/caller.ts';
import type { Access, ProcedureMeta } from '../trpc/init.ts';
import { appRouter } from '../trpc/routers/_app.ts';

/** The in-process caller a route calls procedures through (the same validation, auth and errors as /trpc). */
export type Api = ReturnType<typeof createCaller>;

/** A tRPC procedure by its path, e.g. 'events.create': only ones the router has. */
export type ProcedurePath = {
  [Router in keyof Api & string]: `${Router}.${keyof Api[Router] & string}`;
}[keyof Api & string];

/** The caller of the procedure at a path, typed as the router types it. */
export type CallerOf<P extends ProcedurePath> = P extends `${infer Router extends keyof Api & string}.${infer Name}`
  ? Name extends keyof Api[Router]
    ? Api[Router][Name]
    : never
  : never;

/** The procedure itself (its parsers, its meta), read from the router: the one the server runs. */
export function procedureAt(path: ProcedurePath): AnyProcedure {
  const [router, name] = path.split('.') as [string, string];
  // A router exposes its sub-routers and their procedures by name (tRPC v11).
  const found = (appRouter as unknown as Record<string, Record<string, AnyProcedure | undefined> | undefined>)[router]?.[name];
  if (!found) throw new Error(`There is no procedure ${path}`);
  return found;
}

export function callerAt<P extends ProcedurePath>(api: Api, path: P): CallerOf<P> {
  const [router, name] = path.split('.') as [string, string];
  return (api as unknown as Record<string, Record<string, CallerOf<P>>>)[router]![name]!;
}

/** Who may call it: set by the builder it was made with (trpc/init.ts), never restated. */
export function accessOf(path: ProcedurePath): Access {
  const access = (procedureAt(path)._def.meta as ProcedureMeta | undefined)?.access;
  if (!access) throw new Error(`${path} has no access: make it with a builder of trpc/init.ts`);
  return access;
}

/** The zod schema its input is parsed with; undefined when it takes none. */
export function inputSchemaOf(path: ProcedurePath): z.ZodType | undefined {
  const [parser, ...more] = procedureAt(path)._def.inputs;
  if (parser === undefined) return undefined;
  if (more.length > 0 || !(parser instanceof z.ZodType)) throw new Error(`${path}: expected one zod input schema`);
  return parser;
}

/** The zod schema its answer is parsed with: every procedure declares one, `.output(answer(schema))`. */
export function outputSchemaOf(path: ProcedurePath): z.ZodType {
  const schema = (procedureAt(path)._def as { output?: { schema?: unknown } }).output?.schema;
  if (!(schema instanceof z.ZodType)) throw new Error(`${path}: declare its answer with .output(answer(<zod schema>))`);
  return schema;
}

/** The input fields a request's body may carry: all but those the path and the Idempotency-Key header fill. */
export function bodyFieldsOf(path: ProcedurePath, filledElsewhere: ReadonlySet<string>): string[] | 'any' | 'no input' {
  const schema = inputSchemaOf(path);
  if (schema === undefined) return 'no input';
  if (!(schema instanceof z.ZodObject)) return 'any';
  return Object.keys(schema.shape).filter((name) => !filledElsewhere.has(name) && name !== 'idempotencyKey');
}
