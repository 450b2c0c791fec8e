import * as z from 'zod';
import { accessOf, outputSchemaOf } from '../rest/procedures.ts';
import type { JsonRow } from '../rest/row.ts';
import { table } from '../rest/routes.ts';
import { streamGuard, type StreamRow } from '../rest/stream-row.ts';
import type { Answer, Operation } from './operation.ts';
import { documentRoute, pageRoute } from './reference.ts';

/** A field of an object schema (the answer a route takes from its procedure's answer). */
function fieldOf(schema: z.ZodType, field: string, where: string): z.ZodType {
  const inner = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>)[field] : undefined;
  if (!inner) throw new Error(`${where}: the procedure's answer has no field ${field}`);
  return inner;
}

/** What a JSON row answers: its procedure's answer (or a field of it); nothing answers JSON `null`, or no body with a 204. */
function jsonAnswer(row: JsonRow): Answer {
  const where = `${row.method} ${row.path}`;
  let schema = outputSchemaOf(row.procedure);
  if (row.answerField) schema = fieldOf(schema, row.answerField, where);
  const nothing = schema instanceof z.ZodVoid;
  if (row.status === 204) {
    if (!nothing) throw new Error(`${where} answers 204, so its procedure must answer nothing: .output(answer(z.void()))`);
    return { status: 204, ...(row.doc.headers ? { headers: row.doc.headers } : {}) };
  }
  return {
    status: row.status ?? 200,
    content: { mediaType: 'application/json', schema: nothing ? z.null() : schema },
    ...(row.doc.headers ? { headers: row.doc.headers } : {}),
  };
}

/** What a streamed row answers: a whole list (its page procedure's items), a CSV or PDF file, or a JSON file. */
function streamAnswer(row: StreamRow): Answer {
  if (row.answers === 'whole-list') {
    const items = fieldOf(outputSchemaOf(row.procedure!), 'items', `GET ${row.path}`);
    return { status: 200, content: { mediaType: 'application/json', schema: items }, headers: ['Link'] };
  }
  const content =
    row.answers === 'csv' || row.answers === 'pdf'
      ? { mediaType: row.answers === 'csv' ? ('text/csv' as const) : ('application/pdf' as const), schema: z.string() }
      : { mediaType: 'application/json' as const, schema: row.answers.file };
  return { status: 200, content, headers: ['Content-Disposition'] };
}

function operationOf(row: JsonRow | StreamRow): Operation {
  const streams = 'stream' in row;
  return {
    method: row.method,
    path: row.path,
    doc: row.doc,
    // A streamed route passes the guard first; any other, its procedure's builder.
    access: accessOf(streams ? streamGuard : row.procedure!),
    ...(row.procedure ? { procedure: row.procedure } : {}),
    ...(row.fromPath ? { fromPath: row.fromPath } : {}),
    ...(row.arrayBody ? { arrayBody: row.arrayBody } : {}),
    ...(streams && row.answers === 'whole-list' ? { wholeList: true } : {}),
    ...(row.idempotent ? { idempotent: true } : {}),
    answer: streams ? streamAnswer(row) : jsonAnswer(row),
  };
}

/**
 * Every `/api` route the app serves, read from where each is declared: the rows of the REST
 * table (rest/routes/) with their procedures, and this reference (reference.ts). A unit test
 * (tests/unit/openapi-routes.test.ts) holds them to the app's own routes.
 */
export function operations(): Operation[] {
  return [...table.map(operationOf), documentRoute, pageRoute];
}
