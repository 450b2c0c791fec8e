import type { AnyProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { openApiDocument } from '@event-admin/functions/openapi/document';
import { operations } from '@event-admin/functions/openapi/rows';
import { accountProcedure, adminProcedure, sessionProcedure, type Access } from '@event-admin/functions/trpc/init';
import { appRouter } from '@event-admin/functions/trpc/routers/_app';

// The OpenAPI document says who may call a route from its procedure's meta, which each builder of
// trpc/init.ts sets. These tests hold the meta to the checks the procedure really runs (its
// builder's middlewares), so an access cannot be documented other than it is enforced.

/** A procedure as the router holds it: by its dotted path, with the middlewares it runs. */
type Procedure = AnyProcedure & { _def: { middlewares: unknown[]; output?: { schema?: unknown } } };
const byPath = appRouter._def.procedures as unknown as Record<string, Procedure>;
const procedures = Object.entries(byPath);

/** The middleware a builder adds last: its sign-in check. */
const checkOf = (builder: { _def: { middlewares: unknown[] } }) => builder._def.middlewares.at(-1);

/** What a procedure's checks allow it to be documented as (the strictest check it runs decides). */
function accessByChecks(procedure: Procedure): Access[] {
  const runs = (builder: { _def: { middlewares: unknown[] } }) => procedure._def.middlewares.includes(checkOf(builder));
  if (runs(adminProcedure)) return ['data'];
  if (runs(sessionProcedure)) return ['member'];
  // the account routes no session is needed for: sign-in, invitations, and sign-out (which uses one when sent)
  if (runs(accountProcedure)) return ['public', 'optional'];
  return ['public'];
}

const metaAccess = (procedure: Procedure) => (procedure._def.meta as { access?: Access } | undefined)?.access;

const security: Record<Access, unknown> = {
  public: [],
  optional: [{}, { sessionCookie: [] }],
  member: [{ sessionCookie: [] }],
  data: [{ sessionCookie: [] }, { bearerToken: [] }],
};

describe("each procedure's meta", () => {
  it('names the access its checks enforce', () => {
    expect(procedures.length).toBeGreaterThan(60);
    const wrong = procedures.filter(([, procedure]) => !accessByChecks(procedure).includes(metaAccess(procedure)!));
    expect(wrong.map(([path, procedure]) => `${path}: ${metaAccess(procedure)}`)).toEqual([]);
  });

  it('the check does catch a procedure documented as more open than it is', () => {
    const mislabelled = adminProcedure.meta({ access: 'public' }).query(() => 1) as unknown as Procedure;
    expect(accessByChecks(mislabelled)).not.toContain(metaAccess(mislabelled));
  });

  it('declares the answer with .output(answer(schema)), so it is parsed to exactly its schema', () => {
    const without = procedures.filter(([, procedure]) => !(procedure._def.output?.schema instanceof z.ZodType));
    expect(without.map(([path]) => path)).toEqual([]);
  });
});

describe('the security the document gives each operation', () => {
  it('is the one its procedure enforces', () => {
    const doc = openApiDocument();
    for (const op of operations()) {
      const documented = doc.paths[op.path.replace(/:(\w+)/g, '{$1}')]![op.method.toLowerCase() as 'get']!.security;
      expect(documented, `${op.method} ${op.path}`).toEqual(security[op.access]);
      if (op.procedure) expect(accessByChecks(byPath[op.procedure]!), `${op.method} ${op.path}`).toContain(op.access);
    }
  });
});
