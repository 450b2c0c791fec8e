import { DomainError } from '@event-admin/core/error';
import type { AnswerHeader, ErrorStatus, Tag } from '../openapi/operation.ts';
import { bodyFieldsOf, callerAt, type Api, type CallerOf, type ProcedurePath } from './procedures.ts';

/** ':id' segments of a path, as names: '/api/events/:id/seo' -> 'id'. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export interface RestRequest<Path extends string = string> {
  /** exactly the path's parameters when the path is known, any name otherwise */
  params: string extends Path ? Record<string, string> : { [Name in ParamNames<Path>]: string };
  query: Record<string, string | undefined>;
  body: unknown;
  /** the Idempotency-Key header: a retried write with the same key answers its first answer */
  idempotencyKey?: string;
}

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the adapter mounts: a method and path answered by calling procedures. */
export interface RestRoute {
  method: RestMethod;
  path: string;
  /** the success status: 200 unless it creates (201), accepts work to be done later (202) or answers nothing (204, an empty body) */
  status?: 200 | 201 | 202 | 204;
  call: (api: Api, req: RestRequest) => Promise<unknown>;
}

/** A route's documentation in the API reference: what cannot be read from its procedure. */
export interface RouteDoc {
  /** unique; client generators name methods after it */
  operationId: string;
  tag: Tag;
  summary: string;
  /** `code` spans render as code */
  description?: string;
  /** what the success answer is */
  answer: string;
  /** headers the answer sets that a client acts on (Link and Content-Disposition come with the kind of answer) */
  headers?: readonly AnswerHeader[];
  /** failures beyond those its access and request imply (docs/openapi.md) */
  errors?: readonly ErrorStatus[];
}

/** What the OpenAPI document reads off a row, besides the procedure's own input, answer and access. */
export interface Documented {
  doc: RouteDoc;
  /** the procedure the route calls: its input is the request, its answer the answer, its builder who may call */
  procedure?: ProcedurePath;
  /** path parameter -> the input field it fills; each fills the field of its own name unless told */
  fromPath?: Readonly<Record<string, string>>;
  /** takes an Idempotency-Key header, passed on as the input's `idempotencyKey` */
  idempotent?: boolean;
  /** a bare JSON array body is taken as this input field (SPEC's content blocks) */
  arrayBody?: string;
  /** the answer is this field of the procedure's answer */
  answerField?: string;
}

export type JsonRow = RestRoute & Documented & { procedure: ProcedurePath };

/** Most bodies are JSON objects; anything else is refused before it reaches a procedure. */
export function object(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('invalid', 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/**
 * Calls a procedure with what the client sent, plus values from the path. The procedure's own
 * zod input schema checks all of it before anything runs (a bad field is a 400 with its
 * message), so the sent fields are typed here as that schema's input, and the path values,
 * typed exactly, take precedence over any the body carries.
 */
export function send<Input extends object, Output>(
  procedure: (input: Input) => Promise<Output>,
  sent: Record<string, unknown>,
  fromPath: Partial<NoInfer<Input>> = {},
): Promise<Output> {
  return procedure({ ...sent, ...fromPath } as Input);
}

interface RowOptions<P extends ProcedurePath, Path extends string> extends Omit<Documented, 'procedure'> {
  status?: RestRoute['status'];
  /**
   * How the request becomes the input, when not the usual way: the path's values (each into the
   * field `fromPath` names), the body's fields on a POST or PUT when the input has fields left to
   * fill, and the Idempotency-Key when `idempotent`. Query parameters always need a `call`.
   */
  call?: (procedure: CallerOf<P>, req: RestRequest<Path>) => Promise<unknown>;
}

/** The input the usual way (see RowOptions.call). */
function usualCall(procedure: ProcedurePath, method: RestMethod, options: Omit<Documented, 'doc'>) {
  let bodyFields: string[] | 'any' | 'no input' | undefined;
  return (api: Api, req: RestRequest) => {
    const call = callerAt(api, procedure) as (input?: unknown) => Promise<unknown>;
    const fromPath = Object.fromEntries(Object.entries(req.params).map(([name, value]) => [options.fromPath?.[name] ?? name, value]));
    bodyFields ??= bodyFieldsOf(procedure, new Set(Object.keys(fromPath)));
    if (bodyFields === 'no input') return call();
    const readsBody = (method === 'POST' || method === 'PUT') && bodyFields.length > 0;
    const sent = !readsBody ? {} : options.arrayBody && Array.isArray(req.body) ? { [options.arrayBody]: req.body } : object(req.body);
    const keyed = options.idempotent && req.idempotencyKey !== undefined ? { idempotencyKey: req.idempotencyKey } : {};
    return call({ ...sent, ...fromPath, ...keyed });
  };
}

/**
 * One row of the REST table: a method and path onto a tRPC procedure, with its documentation.
 * Path parameters are typed from the path itself; `procedure` is checked against the router.
 */
export function route<P extends ProcedurePath, Path extends string>(
  method: RestMethod,
  path: Path,
  procedure: P,
  { status, call, ...documented }: RowOptions<P, Path>,
): JsonRow {
  const calls = call
    ? (api: Api, req: RestRequest) => call(callerAt(api, procedure), req as RestRequest<Path>)
    : usualCall(procedure, method, documented);
  const field = documented.answerField;
  return {
    method,
    path,
    procedure,
    ...(status ? { status } : {}),
    ...documented,
    call: field ? async (api, req) => ((await calls(api, req)) as Record<string, unknown>)[field] : calls,
  };
}
