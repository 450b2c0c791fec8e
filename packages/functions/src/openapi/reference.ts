import * as z from 'zod';
import type { Operation } from './operation.ts';

/** The answer of GET /api/openapi.json: checked whole against the OpenAPI 3.1 schema in the tests. */
const openApiObject = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** GET /api/openapi.json: public, like the page (they hold no data, only the API's shape). */
export const documentRoute: Operation = {
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  doc: { operationId: 'openApiDocument', tag: 'Reference', summary: 'This API as an OpenAPI 3.1 document', answer: 'The document.' },
  answer: { status: 200, content: { mediaType: 'application/json', schema: openApiObject } },
};

/** GET /api/docs */
export const pageRoute: Operation = {
  method: 'GET',
  path: '/api/docs',
  access: 'public',
  doc: { operationId: 'apiReference', tag: 'Reference', summary: 'This API as a readable page', answer: 'An HTML page.' },
  answer: { status: 200, content: { mediaType: 'text/html', schema: z.string() } },
};
