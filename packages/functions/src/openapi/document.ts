import { idempotencyKey } from '@event-admin/core/shared.schema';
import { sessionCookie } from '../trpc/context.ts';
import { inputSchemaOf } from '../rest/procedures.ts';
import {
  componentSchemas,
  queryValueSchema,
  requestJsonSchema,
  responseJsonSchema,
  withoutProperties,
  type JsonSchema,
} from './json-schema.ts';
import type { Access, Answer, ErrorStatus, Operation, Tag } from './operation.ts';
import { failures, schemaDescriptions, tags } from './prose.ts';
import { operations } from './rows.ts';

/** The parts of an OpenAPI 3.1 document this API uses (https://spec.openapis.org/oas/v3.1.0). */
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}
export interface OpenApiMediaType {
  schema: JsonSchema;
}
export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, OpenApiMediaType>;
}
export type Ref = { $ref: string };
export interface OpenApiOperation {
  operationId: string;
  tags: Tag[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: (OpenApiParameter | Ref)[];
  requestBody?: { required: boolean; content: { 'application/json': OpenApiMediaType } };
  responses: Record<string, OpenApiResponse | Ref>;
}
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: Tag; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    parameters: Record<string, OpenApiParameter>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

const securityOf: Record<Access, Record<string, string[]>[]> = {
  public: [],
  optional: [{}, { sessionCookie: [] }],
  member: [{ sessionCookie: [] }],
  data: [{ sessionCookie: [] }, { bearerToken: [] }],
};

const headerRefs: Record<NonNullable<Answer['headers']>[number], string> = {
  'Set-Cookie': 'SetSessionCookie',
  Link: 'NextPage',
  'Content-Disposition': 'Attachment',
};

const wholeListParameters: Record<string, string> = {
  limit: 'At most this many items, one page (1 to 1000). Without it (and without `cursor`) the whole list is streamed.',
  cursor: 'Where the previous page stopped, from its `Link: <...>; rel="next"` header. Altered or from another list: 400.',
};

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const pathParameterNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** The failures an operation can answer with: those its access and request imply, and its own. */
function failureStatuses({ method, path, ...op }: Operation): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(op.doc.errors);
  const writes = method === 'POST' || method === 'PUT';
  const touchesStore = op.access !== 'public' || op.procedure !== undefined;
  // A POST or PUT body is read as JSON before anything else: malformed, it is a 400.
  if (writes || procedureInput(op) !== undefined) statuses.add(400);
  if (op.access === 'member' || op.access === 'data') statuses.add(401);
  // Writes from another origin are refused; sign-in rules (2FA, confirmation, token scope) apply to every signed-in call.
  if (writes || method === 'DELETE' || op.access === 'member' || op.access === 'data') statuses.add(403);
  if (pathParameterNames(path).length > 0) statuses.add(404);
  if (writes) statuses.add(413);
  if (op.idempotent) statuses.add(422);
  if (touchesStore) statuses.add(500).add(503);
  return [...statuses].sort((a, b) => a - b);
}

const procedureInput = (op: Pick<Operation, 'procedure'>) => (op.procedure ? inputSchemaOf(op.procedure) : undefined);

interface RequestParts {
  parameters: (OpenApiParameter | Ref)[];
  requestBody?: OpenApiOperation['requestBody'];
}

/** Path and query parameters, the Idempotency-Key header and the body, from the procedure's input schema. */
function requestOf({ method, path, ...op }: Operation): RequestParts {
  const schema = procedureInput(op);
  const names = pathParameterNames(path);
  const fromPath = { ...Object.fromEntries(names.map((name) => [name, name])), ...op.fromPath };
  const input = schema ? requestJsonSchema(schema) : undefined;
  const parameters: (OpenApiParameter | Ref)[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: (input?.properties?.[fromPath[name]!] as JsonSchema | undefined) ?? { type: 'string' },
  }));
  if (op.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (!input) return { parameters };

  const sent = withoutProperties(input, new Set([...Object.values(fromPath), 'idempotencyKey']));
  if (method === 'GET' || method === 'DELETE') {
    for (const [name, property] of Object.entries(sent.properties ?? {})) {
      let value = queryValueSchema(property as JsonSchema);
      if (op.wholeList) value = withoutDefault(value);
      parameters.push({
        name,
        in: 'query',
        required: sent.required?.includes(name) ?? false,
        ...(op.wholeList && wholeListParameters[name] ? { description: wholeListParameters[name] } : {}),
        schema: value,
      });
    }
    return { parameters };
  }
  if (Object.keys(sent.properties ?? {}).length === 0) return { parameters };
  const body = op.arrayBody ? { oneOf: [input.properties![op.arrayBody] as JsonSchema, sent] } : sent;
  return {
    parameters,
    requestBody: { required: (sent.required?.length ?? 0) > 0, content: { 'application/json': { schema: body } } },
  };
}

/** A whole list's `limit` has no default over REST: without it the list is streamed whole. */
function withoutDefault({ default: _default, ...rest }: JsonSchema): JsonSchema {
  return rest;
}

function answerOf(answer: Answer, description: string): OpenApiResponse {
  return {
    description,
    ...(answer.headers
      ? { headers: Object.fromEntries(answer.headers.map((name) => [name, { $ref: `#/components/headers/${headerRefs[name]}` }])) }
      : {}),
    ...(answer.content
      ? {
          content: {
            [answer.content.mediaType]: {
              schema: answer.content.mediaType === 'application/json' ? responseJsonSchema(answer.content.schema) : { type: 'string' },
            },
          },
        }
      : {}),
  };
}

function operationOf(op: Operation): OpenApiOperation {
  const { parameters, requestBody } = requestOf(op);
  const responses: OpenApiOperation['responses'] = { [String(op.answer.status)]: answerOf(op.answer, op.doc.answer) };
  for (const status of failureStatuses(op)) responses[String(status)] = { $ref: `#/components/responses/${failures[status].name}` };
  const { operationId, tag, summary, description } = op.doc;
  return {
    operationId,
    tags: [tag],
    summary,
    ...(description ? { description } : {}),
    security: securityOf[op.access],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The operations grouped by tag, in the order of `tags`; within a tag, in the order they are declared. */
function byTag(list: Operation[]) {
  const order = Object.keys(tags);
  return list
    .map((op, index) => ({ op, index }))
    .sort((a, b) => order.indexOf(a.op.doc.tag) - order.indexOf(b.op.doc.tag) || a.index - b.index);
}

function build(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const { op } of byTag(operations())) {
    const item = (paths[openApiPath(op.path)] ??= {});
    const method = op.method.toLowerCase() as HttpMethod;
    if (item[method]) throw new Error(`${op.method} ${op.path} is declared twice`);
    item[method] = operationOf(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Northstar Events admin API',
      version: '1',
      description:
        "The REST surface of the events admin: every path the web app's tRPC procedures serve, with the same validation. Failures answer `text/plain` with a readable message. Sign in with `POST /api/auth/login` (a session cookie) or send an API token as `Authorization: Bearer <token>`.",
    },
    tags: Object.entries(tags).map(([name, description]) => ({ name: name as Tag, description })),
    paths,
    components: {
      schemas: componentSchemas(schemaDescriptions),
      responses: Object.fromEntries(
        Object.values(failures).map(({ name, description, example }) => [
          name,
          {
            description,
            ...(name === 'Unavailable' ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
            content: { 'text/plain': { schema: { type: 'string', examples: [example] } } },
          },
        ]),
      ),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'The same key with the same request within 24 hours answers the first answer again and records nothing new; with another request, 422. A UUID per user action is a good one.',
          schema: requestJsonSchema(idempotencyKey),
        },
      },
      headers: {
        SetSessionCookie: {
          description: `The \`${sessionCookie}\` cookie: HttpOnly, SameSite=Strict, Secure over https, 12 hours (Max-Age=0 on sign-out).`,
          schema: { type: 'string' },
        },
        NextPage: {
          description: 'When more items remain after this page: `<...?limit=N&cursor=...>; rel="next"` (RFC 8288).',
          schema: { type: 'string' },
        },
        Attachment: { description: 'attachment; filename="..."', schema: { type: 'string' } },
        RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
      },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: sessionCookie, description: 'Set by POST /api/auth/login.' },
        bearerToken: { type: 'http', scheme: 'bearer', description: 'An API token (Settings > Security > API tokens).' },
      },
    },
  };
}

let built: OpenApiDocument | undefined;

/** The document, built once per process from the table, the procedures' inputs and the response schemas. */
export function openApiDocument(): OpenApiDocument {
  return (built ??= build());
}
