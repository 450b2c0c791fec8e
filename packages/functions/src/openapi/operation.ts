import type * as z from 'zod';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../trpc/routers/_app.ts';

/** A tRPC procedure by its path, e.g. 'events.create': only ones the router has. */
type Outputs = inferRouterOutputs<AppRouter>;
export type ProcedurePath = {
  [Router in keyof Outputs & string]: `${Router}.${keyof Outputs[Router] & string}`;
}[keyof Outputs & string];

/**
 * Who may call an operation:
 * - `public`: anyone (sign-in, health, this reference);
 * - `optional`: anyone, a session cookie is used when sent (sign-out);
 * - `member`: a member's own session cookie, never an API token (the account and the team);
 * - `data`: a session cookie or an API token (`Authorization: Bearer`); a read token only reads.
 */
export type Access = 'public' | 'optional' | 'member' | 'data';

/** The statuses a failure answers with, each a `text/plain` message (docs/api.md). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;

/** Headers an answer may carry that a client acts on. */
export type AnswerHeader = 'Set-Cookie' | 'Link' | 'Content-Disposition';

export interface Answer {
  status: 200 | 201 | 202 | 204;
  description: string;
  /** absent: no body (204) */
  content?: { mediaType: 'application/json' | 'text/csv' | 'text/html'; schema: z.ZodType };
  headers?: readonly AnswerHeader[];
}

export type Tag =
  | 'Health'
  | 'Sign-in'
  | 'Account'
  | 'Team'
  | 'Dashboard'
  | 'Events'
  | 'Customers'
  | 'Transactions'
  | 'History'
  | 'Reports'
  | 'Exports'
  | 'Settings'
  | 'Webhooks'
  | 'Reference';

/**
 * One row of the REST table as the OpenAPI document describes it. Its request is read from the
 * procedure's own zod input schema (the one the server validates with): a GET or DELETE sends
 * the input's fields as query parameters, a POST or PUT as the JSON body, less what the path
 * and the Idempotency-Key header fill in. Failures the access and the request imply (400, 401,
 * 403, 404 with a path id, 413, 422, 500, 503) are added by the document; `errors` adds others.
 */
export interface Operation {
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /** the procedure whose input the request carries; absent: the request carries nothing */
  procedure?: ProcedurePath;
  /** path parameter -> the input field it fills; each fills the field of its own name unless told */
  fromPath?: Readonly<Record<string, string>>;
  /** content blocks: SPEC's bare array, or the object `{ blocks, version }` */
  body?: 'blocks';
  /** a whole list: streamed without `limit`, one page (and a Link header) with it */
  wholeList?: boolean;
  /** takes an Idempotency-Key header (422 when it was used with another request) */
  idempotent?: boolean;
  answer: Answer;
  errors?: readonly ErrorStatus[];
}

export const json = (status: 200 | 201 | 202, schema: z.ZodType, description: string, headers?: readonly AnswerHeader[]): Answer => ({
  status,
  description,
  content: { mediaType: 'application/json', schema },
  ...(headers ? { headers } : {}),
});

export const noContent = (description: string): Answer => ({ status: 204, description });
