import type * as z from 'zod';
import type { Db } from '@event-admin/core/db/client';
import { callerAt, type Api, type CallerOf, type ProcedurePath } from './procedures.ts';
import type { Documented, RestRequest, RouteDoc } from './row.ts';

/**
 * What a streamed route answers: a JSON array written a page at a time, one bounded page, CSV
 * lines, a JSON file, or a small PDF made whole (an order's tickets: a few kilobytes a page).
 */
export type Streamed =
  | { kind: 'json-array'; pages: AsyncIterable<unknown[]> }
  | { kind: 'json-page'; items: unknown[]; nextCursor: string | null }
  | { kind: 'csv'; filename: string; lines: AsyncIterable<string> }
  | { kind: 'json-file'; filename: string; chunks: AsyncIterable<string> }
  | { kind: 'pdf'; filename: string; bytes: Uint8Array };

export interface StreamRoute {
  method: 'GET';
  path: string;
  /** Runs after the sign-in check of `streamGuard`. */
  stream: (api: Api, db: Db, req: RestRequest) => Promise<Streamed>;
}

/**
 * What a streamed route answers, for the document: a whole list (the items of its page
 * procedure's answer), a CSV file, a PDF file, or a JSON file of this schema.
 */
export type StreamedAnswer = 'whole-list' | 'csv' | 'pdf' | { file: z.ZodType };

export type StreamRow = StreamRoute & Documented & { answers: StreamedAnswer };

/** Every streamed route passes this procedure first: who may read (a session or an API token). */
export const streamGuard = 'exports.access' satisfies ProcedurePath;

type Page = (input: { limit: string; cursor?: string }) => Promise<{ items: unknown[]; nextCursor: string | null }>;

/**
 * A whole list of SPEC.md §7: streamed as a JSON array by default, or one page with `limit`
 * (and `cursor`), through the page procedure that validates them.
 */
export function wholeList(path: string, procedure: ProcedurePath, pages: (db: Db) => AsyncIterable<unknown[]>, doc: RouteDoc): StreamRow {
  return {
    method: 'GET',
    path,
    procedure,
    answers: 'whole-list',
    doc,
    stream: async (api, db, req) => {
      if (req.query.limit === undefined && req.query.cursor === undefined) return { kind: 'json-array', pages: pages(db) };
      const page = callerAt(api, procedure) as unknown as Page;
      return { kind: 'json-page', ...(await page({ limit: req.query.limit ?? '', cursor: req.query.cursor })) };
    },
  };
}

/** A streamed route of its own kind (an export, a customer's data), through `procedure` when it has one. */
export function streamed<P extends ProcedurePath>(
  path: string,
  options: {
    procedure?: P;
    answers: Exclude<StreamedAnswer, 'whole-list'>;
    stream: (procedure: CallerOf<P>, db: Db, req: RestRequest) => Promise<Streamed>;
    doc: RouteDoc;
  },
): StreamRow {
  const { procedure, stream, ...rest } = options;
  return {
    method: 'GET',
    path,
    ...(procedure ? { procedure } : {}),
    ...rest,
    stream: (api, db, req) => stream((procedure ? callerAt(api, procedure) : undefined) as CallerOf<P>, db, req),
  };
}
