import * as z from 'zod';
import type { AnyProcedure } from '@trpc/server';
import { appRouter } from '../trpc/routers/_app.ts';
import type { ProcedurePath } from './operation.ts';
import { namedSchemas, responseSchemas } from './responses.ts';

export type JsonSchema = z.core.JSONSchema.JSONSchema;

/** Where the named response schemas live in the document. */
export const componentRef = (id: string) => `#/components/schemas/${id}`;

/** `$schema` and zod's `$id` belong to a standalone schema, not to one inside an OpenAPI document. */
function embedded({ $schema: _dialect, $id: _id, ...rest }: JsonSchema): JsonSchema {
  return rest;
}

/**
 * The input parser the server validates a procedure's input with: read from the router itself,
 * so the document describes exactly what is checked, never a copy of it.
 */
export function inputSchemaOf(procedure: ProcedurePath): z.ZodType | undefined {
  const [routerName, name] = procedure.split('.') as [string, string];
  // A router exposes its sub-routers and their procedures by name (tRPC v11).
  const found = (appRouter as unknown as Record<string, Record<string, AnyProcedure | undefined> | undefined>)[routerName]?.[name];
  if (!found) throw new Error(`There is no procedure ${procedure}`);
  const [parser, ...more] = found._def.inputs;
  if (parser === undefined) return undefined;
  if (more.length > 0 || !(parser instanceof z.ZodType)) throw new Error(`${procedure}: expected one zod input schema`);
  return parser;
}

/**
 * What a client may send: the input side of the schema (before defaults and transforms apply).
 * Inlined whole: a `#/$defs/...` reference (a recursive schema) would point at the document's root.
 */
export function requestJsonSchema(schema: z.ZodType): JsonSchema {
  const converted = embedded(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  if (converted.$defs) throw new Error('An input schema needs definitions ($defs), which a request body cannot carry here');
  return converted;
}

/** Every named response schema, referring to each other by `#/components/schemas/<id>`. */
export function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(responseSchemas, { io: 'output', uri: componentRef });
  return Object.fromEntries(
    [...namedSchemas].map(([id, schema]) => [id, { ...embedded(schemas[id]!), description: responseSchemas.get(schema)!.description }]),
  );
}

/** Points `#/$defs/<id>` (zod's place for a named schema inside another) at the components instead. */
function refsToComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(refsToComponents);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '$defs')
      .map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? componentRef(inner.slice('#/$defs/'.length))
          : refsToComponents(inner),
      ]),
  );
}

/** An answer's schema: a reference when it is a named one, else its own schema referring to them. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const named = responseSchemas.get(schema);
  if (named) return { $ref: componentRef(named.id) };
  const converted = embedded(z.toJSONSchema(schema, { io: 'output', metadata: responseSchemas }));
  for (const id of Object.keys(converted.$defs ?? {})) {
    if (!namedSchemas.has(id)) throw new Error(`An answer refers to ${id}, which is not a named response schema`);
  }
  return refsToComponents(converted) as JsonSchema;
}

/** The schema without some of its properties (those the path or a header fills in). */
export function withoutProperties(schema: JsonSchema, names: ReadonlySet<string>): JsonSchema {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !names.has(name)));
  const required = (schema.required ?? []).filter((name) => !names.has(name));
  const { required: _required, properties: _properties, ...rest } = schema;
  return { ...rest, properties, ...(required.length ? { required } : {}) };
}

/** A query parameter's schema: a query string never carries null, so a nullable field's null is dropped. */
export function queryValueSchema(schema: JsonSchema): JsonSchema {
  if (schema.anyOf) {
    const options = schema.anyOf.filter((option) => option.type !== 'null');
    const { anyOf: _anyOf, ...rest } = schema;
    return options.length === 1 ? { ...rest, ...options[0] } : { ...rest, anyOf: options };
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    return { ...schema, type: types.length === 1 ? types[0]! : types };
  }
  return schema;
}
