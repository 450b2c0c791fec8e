import type * as z from 'zod';
import type { ProcedurePath } from '../rest/procedures.ts';
import type { RouteDoc } from '../rest/row.ts';
import type { Access } from '../trpc/init.ts';
import type { failures, tags } from './prose.ts';

export type { Access } from '../trpc/init.ts';

/** The statuses a failure answers with, each a `text/plain` message (docs/api.md): those prose.ts describes. */
export type ErrorStatus = keyof typeof failures;

/** Headers an answer may carry that a client acts on. */
export type AnswerHeader = 'Set-Cookie' | 'Link' | 'Content-Disposition';

/** The success answer; `doc.answer` says what it is. */
export interface Answer {
  status: 200 | 201 | 202 | 204;
  /** absent: no body (204) */
  content?: { mediaType: 'application/json' | 'text/csv' | 'application/pdf' | 'text/html'; schema: z.ZodType };
  headers?: readonly AnswerHeader[];
}

/** The reference's sections: those prose.ts describes. */
export type Tag = keyof typeof tags;

/**
 * One route as the OpenAPI document describes it, read from its row (rest/routes/) and its
 * procedure. Its request is the procedure's own zod input schema (the one the server validates
 * with): a GET or DELETE sends the input's fields as query parameters, a POST or PUT as the JSON
 * body, less what the path and the Idempotency-Key header fill in. Failures the access and the
 * request imply (400, 401, 403, 404 with a path id, 413, 422, 500, 503) are added by the
 * document; `doc.errors` adds others.
 */
export interface Operation {
  /** exactly as the app mounts it, e.g. 'POST' '/api/events/:id/seo' */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  doc: RouteDoc;
  /** who may call it: its procedure's builder decides */
  access: Access;
  /** the procedure whose input the request carries; absent: the request carries nothing */
  procedure?: ProcedurePath;
  /** path parameter -> the input field it fills; each fills the field of its own name unless told */
  fromPath?: Readonly<Record<string, string>>;
  /** a bare JSON array body is taken as this input field */
  arrayBody?: string;
  /** a whole list: streamed without `limit`, one page (and a Link header) with it */
  wholeList?: boolean;
  /** takes an Idempotency-Key header (422 when it was used with another request) */
  idempotent?: boolean;
  answer: Answer;
}
