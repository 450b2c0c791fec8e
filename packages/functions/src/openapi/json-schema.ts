import * as z from 'zod';
import { namedAnswers } from '@event-admin/core/shared.schema';

export type JsonSchema = z.core.JSONSchema.JSONSchema;

/** Where the named response schemas live in the document. */
export const componentRef = (id: string) => `#/components/schemas/${id}`;

/** `$schema` and zod's `$id` belong to a standalone schema, not to one inside an OpenAPI document. */
function embedded({ $schema: _dialect, $id: _id, ...rest }: JsonSchema): JsonSchema {
  return rest;
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

/** The answer schemas core names (`named(...)` in its schema files), each once, by id. */
const namedSchemas = (): ReadonlyMap<string, z.ZodType> => namedAnswers._idmap;

/** Every named answer schema with its description, referring to each other by `#/components/schemas/<id>`. */
export function componentSchemas(descriptions: Readonly<Record<string, string>>): Record<string, JsonSchema> {
  const unsaid = [...namedSchemas().keys()].filter((id) => !descriptions[id]);
  const unnamed = Object.keys(descriptions).filter((id) => !namedSchemas().has(id));
  if (unsaid.length || unnamed.length)
    throw new Error(`Named schemas without a description: ${unsaid}; descriptions of no schema: ${unnamed}`);
  const { schemas } = z.toJSONSchema(namedAnswers, { io: 'output', uri: componentRef });
  // in the order of the descriptions (by domain), which the reference shows
  return Object.fromEntries(Object.entries(descriptions).map(([id, description]) => [id, { ...embedded(schemas[id]!), description }]));
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
  const named = namedAnswers.get(schema);
  if (named) return { $ref: componentRef(named.id) };
  const converted = embedded(z.toJSONSchema(schema, { io: 'output', metadata: namedAnswers }));
  for (const id of Object.keys(converted.$defs ?? {})) {
    if (!namedSchemas().has(id)) throw new Error(`An answer refers to ${id}, which is not a named answer schema`);
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
