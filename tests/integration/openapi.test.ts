import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@event-admin/functions/openapi/document';
import { checkAnswer, Client, type HttpResult, apiForFile } from '../setup/api.ts';
import { createEvent, ok } from './helpers.ts';

// The document and the reference page as the app serves them, without signing in; and the check
// every Client runs on every answer (tests/setup/api.ts), shown to refuse what it should.
const api = await apiForFile();
const anonymous = new Client(api.base);

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document without a session, and it validates', async () => {
    const served = ok(await anonymous.get('/api/openapi.json'));
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    const validator = new Validator();
    const result = await validator.validate(served);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });
});

describe('GET /api/docs', () => {
  it('answers the reference page without a session, with no script under the strict CSP', async () => {
    const page = await anonymous.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script|https?:\/\/(?!json-schema|spec\.openapis)[a-z0-9.-]+\.[a-z]{2,}\//i);
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toContain('id="op-createTransaction"');
    expect(page.text).toContain('href="/api/openapi.json"');
  });
});

describe("the Client's check of every answer against the document", () => {
  const answer = (status: number, body: unknown, contentType = 'application/json'): HttpResult => ({
    status,
    body,
    text: typeof body === 'string' ? body : JSON.stringify(body),
    headers: new Headers(contentType ? { 'content-type': contentType } : {}),
  });

  it('passes real answers', async () => {
    const client = await new Client(api.base).login();
    const event = await createEvent(client);
    checkAnswer('GET', `/api/events/${event.id}`, answer(200, event));
    checkAnswer('GET', '/api/events/nope', answer(404, 'Event not found', 'text/plain; charset=UTF-8'));
    checkAnswer('DELETE', `/api/events/${event.id}`, answer(204, '', ''));
  });

  it('refuses a body its schema does not allow', () => {
    const event = { id: 'x', title: 'No counters' };
    expect(() => checkAnswer('GET', '/api/events/x', answer(200, event))).toThrow(
      /schema refuses: .*must have required property 'description'/,
    );
    expect(() =>
      checkAnswer(
        'GET',
        '/api/dashboard/stats',
        answer(200, { totalEvents: 1, activeCustomers: 0, ticketSales: 0, avgConversion: 0, pk: 'STATS' }),
      ),
    ).toThrow(/must NOT have additional properties/);
  });

  it('refuses a status or a content type the operation does not document', () => {
    expect(() => checkAnswer('GET', '/api/health', answer(404, 'Not here', 'text/plain'))).toThrow(/does not document/);
    expect(() => checkAnswer('GET', '/api/events/x', answer(404, { error: 'Event not found' }))).toThrow(
      /application\/json, where the document says text\/plain/,
    );
    expect(() => checkAnswer('DELETE', '/api/events/x', answer(204, 'gone', 'text/plain'))).toThrow(/with a body/);
  });

  it('matches a literal path before a parameter, and leaves undocumented routes alone', () => {
    expect(() => checkAnswer('GET', '/api/events/recent?limit=2', answer(200, { not: 'a list' }))).toThrow(/recent\?limit=2 answered 200/);
    checkAnswer('GET', '/api/no-such-route', answer(404, 'There is no API route at this path', 'text/plain'));
    checkAnswer('POST', '/trpc/events.create', answer(200, {}));
  });
});
