import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createEventInput } from '@event-admin/core/event/event.schema';
import { createRefundInput } from '@event-admin/core/transaction/transaction.schema';
import { renderDocsPage } from '@event-admin/functions/openapi/docs-page';
import { openApiDocument, type OpenApiOperation, type OpenApiParameter } from '@event-admin/functions/openapi/document';
import { sessionCookie } from '@event-admin/functions/trpc/context';

const doc = openApiDocument();
/** Validating and compiling the whole document takes seconds on a busy machine. */
const slow = { timeout: 30_000 };
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op: op as OpenApiOperation })),
);
const byKey = (key: string) => operations.find((o) => o.key === key)!.op;
const standalone = (schema: z.ZodType) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
};

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', slow, async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('the validator does refuse a broken document', async () => {
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, { responses: unknown }>> };
    broken.paths['/api/health']!.get!.responses = { 200: { content: {} } }; // a response needs a description
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('every schema in it compiles as JSON Schema 2020-12, strictly', slow, () => {
    // Strict: an unknown keyword or format (a typo, a zod extension) fails; a list of types is plain JSON Schema.
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(ajv);
    // The named schemas as one schema of definitions, the document's references pointed at them.
    const local = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', 'components#/$defs/'));
    ajv.addSchema(local({ $id: 'components', $defs: doc.components.schemas }));
    for (const name of Object.keys(doc.components.schemas))
      expect(() => ajv.compile({ $ref: `components#/$defs/${name}` }), name).not.toThrow();
    for (const { key, op } of operations) {
      const schemas = [
        ...(op.parameters ?? []).filter((p): p is OpenApiParameter => 'schema' in p).map((p) => p.schema),
        ...(op.requestBody ? [op.requestBody.content['application/json'].schema] : []),
        ...Object.values(op.responses).flatMap((r) => ('content' in r ? Object.values(r.content ?? {}).map((m) => m.schema) : [])),
      ];
      for (const schema of schemas) expect(() => ajv.compile(local(schema)), key).not.toThrow();
    }
  });

  it('documents every path with OpenAPI {id} syntax, each operation with a unique id', () => {
    expect(Object.keys(doc.paths).filter((path) => path.includes(':'))).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(byKey('GET /api/events/{id}').parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
  });

  it("takes request bodies from the procedures' own zod input schemas", () => {
    expect(byKey('POST /api/events').requestBody?.content['application/json'].schema).toEqual(standalone(createEventInput));
    // The path fills `id` and the header the key: the body is the rest.
    const refund = standalone(createRefundInput) as { properties: Record<string, unknown> };
    const body = byKey('POST /api/transactions/{id}/refunds').requestBody?.content['application/json'].schema;
    expect(body?.properties).toEqual({ amount: refund.properties.amount, reason: refund.properties.reason });
    expect(body?.required).toEqual(['reason']);
  });

  it('reads query parameters from the input schema too', () => {
    const names = (key: string) => (byKey(key).parameters ?? []).map((p) => ('name' in p ? `${p.in}:${p.name}` : p.$ref));
    expect(names('GET /api/audit').sort()).toEqual([
      'query:actor',
      'query:cursor',
      'query:entity',
      'query:id',
      'query:limit',
      'query:notable',
    ]);
    expect(names('GET /api/reports/sales').sort()).toEqual(['query:eventId', 'query:from', 'query:to']);
    expect(names('DELETE /api/events/{id}')).toEqual(['path:id', 'query:version']);
    expect(names('GET /api/events')).toEqual(['query:limit', 'query:cursor']);
  });

  it('takes an Idempotency-Key header exactly on the writes a client may retry', () => {
    const keyed = operations
      .filter(({ op }) => (op.parameters ?? []).some((p) => '$ref' in p && p.$ref === '#/components/parameters/IdempotencyKey'))
      .map(({ key }) => key)
      .sort();
    expect(keyed).toEqual([
      'POST /api/check-ins',
      'POST /api/events/{id}/ticket-types',
      'POST /api/holds',
      'POST /api/holds/{id}/confirm',
      'POST /api/orders',
      'POST /api/transactions',
      'POST /api/transactions/bulk',
      'POST /api/transactions/{id}/refunds',
      'POST /api/transactions/{id}/status',
    ]);
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
    for (const key of keyed) expect(byKey(key).responses['422']).toBeDefined();
  });

  it('names the session cookie the app sets, and a bearer scheme', () => {
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: sessionCookie });
    expect(doc.components.securitySchemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('asks no sign-in exactly of health, sign-in, invitations and this reference', () => {
    const open = operations.filter(({ op }) => op.security.length === 0).map(({ key }) => key);
    expect(open.sort()).toEqual([
      'GET /api/docs',
      'GET /api/health',
      'GET /api/openapi.json',
      'POST /api/auth/accept-invite',
      'POST /api/auth/login',
    ]);
    expect(byKey('POST /api/auth/logout').security).toEqual([{}, { sessionCookie: [] }]);
    expect(byKey('GET /api/tokens').security).toEqual([{ sessionCookie: [] }]);
    expect(byKey('GET /api/events').security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
  });

  it('answers every failure as text/plain', () => {
    for (const [name, response] of Object.entries(doc.components.responses))
      expect(Object.keys(response.content ?? {}), name).toEqual(['text/plain']);
    const statuses = (key: string) => Object.keys(byKey(key).responses);
    expect(statuses('POST /api/events')).toEqual(['201', '400', '401', '403', '413', '500', '503']);
    expect(statuses('PUT /api/events/{id}')).toEqual(['200', '400', '401', '403', '404', '409', '413', '500', '503']);
    expect(statuses('POST /api/auth/login')).toEqual(['200', '400', '401', '403', '413', '429', '500', '503']);
    expect(statuses('GET /api/health')).toEqual(['200', '500', '503']);
  });

  it('documents the CSV exports as text/csv', () => {
    expect(Object.keys((byKey('GET /api/exports/customers.csv').responses['200'] as { content: object }).content)).toEqual(['text/csv']);
  });
});

describe('the reference page', () => {
  const page = renderDocsPage(doc);

  it('has no script, a language, landmarks and one h1', () => {
    expect(page).not.toMatch(/<script/i);
    expect(page).toMatch(/<html lang="en">/);
    for (const landmark of ['<header>', '<nav ', '<main ', '<footer>']) expect(page).toContain(landmark);
    expect(page.match(/<h1[ >]/g)).toHaveLength(1);
    expect(page).toContain('prefers-color-scheme: dark');
  });

  it('never skips a heading level', () => {
    const levels = [...page.matchAll(/<h([1-6])[ >]/g)].map((m) => Number(m[1]));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('shows every operation and every schema', () => {
    for (const { op } of operations) expect(page).toContain(`id="op-${op.operationId}"`);
    for (const name of Object.keys(doc.components.schemas)) expect(page).toContain(`id="schema-${name}"`);
  });
});
