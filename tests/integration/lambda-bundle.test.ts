// The shipped bundle (npm run bundle: an entry and the chunks it imports on demand) in a fresh
// Node process, as the Lambda runtime loads it: started from SST's linked resources against
// DynamoDB Local, signing in, streaming a list, and loading the PDF writer's chunk for a print.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { createDb } from '@event-admin/core/db/client';
import * as Customer from '@event-admin/core/customer/index';
import * as Event from '@event-admin/core/event/index';
import * as Order from '@event-admin/core/order/index';
import * as TicketType from '@event-admin/core/ticket-type/index';
import { ensureTable } from '@event-admin/functions/local/dynamo-local';
import type { StreamedResult } from '../setup/lambda-runtime.ts';
// @ts-expect-error: a plain .mjs script without type declarations
import { bundleFunction } from '../../scripts/bundle-function.mjs';
import { asBrowserSees, attributesOf, lambdaEvent, originSecret, viewerAddress, type APIGatewayProxyEventV2 } from './lambda.helpers.ts';
import { suiteStore } from '../setup/suite-store.ts';

const config = { tableName: `test-${randomUUID()}` };
beforeAll(() => ensureTable(suiteStore(), config.tableName));

describe('the shipped bundle (npm run bundle) in a fresh Node process, as Lambda loads it', () => {
  let dir: string;
  let bundle: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lambda-bundle-'));
    bundle = (await bundleFunction({ dir })).outfile;
    // The runtime's streaming contract, as the Lambda Node.js runtime provides it before loading the handler.
    await build({
      entryPoints: [join(import.meta.dirname, '../setup/lambda-runtime.ts')],
      outfile: join(dir, 'runtime.mjs'),
      bundle: true,
      format: 'esm',
      platform: 'node',
      logLevel: 'silent',
    });
    // A real module file (not `node -e`): ESM-only failures like a dynamic require show here.
    writeFileSync(
      join(dir, 'invoke.mjs'),
      `const { installLambdaRuntime, invokeStreaming } = await import('./runtime.mjs');
installLambdaRuntime();
const { handler } = await import(${JSON.stringify(`./${bundle.split('/').pop()}`)});
const results = [];
let cookies = [];
for (const event of JSON.parse(process.argv[2])) {
  const result = await invokeStreaming(handler, { ...event, cookies });
  cookies = [...cookies, ...result.cookies.map((c) => c.split(';')[0])];
  results.push({ ...result, body: result.body.toString('base64') });
}
process.stdout.write(JSON.stringify(results) + '\\n');
`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Lambda's environment: SST hands linked resources to `Resource`; the SDK reads region and credentials. */
  function run(events: APIGatewayProxyEventV2[], secret: string) {
    const env = {
      PATH: process.env.PATH,
      AWS_LAMBDA_FUNCTION_NAME: 'event-admin-test-ApiFunction',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      // DynamoDB Local stands in for DynamoDB: the SDK's own endpoint setting, no code path of ours.
      AWS_ENDPOINT_URL_DYNAMODB: suiteStore(),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      SST_RESOURCE_App: JSON.stringify({ name: 'event-admin', stage: 'test' }),
      SST_RESOURCE_Table: JSON.stringify({ name: config.tableName, type: 'sst.aws.Dynamo' }),
      SST_RESOURCE_AdminPassword: JSON.stringify({ value: secret, type: 'sst.sst.Secret' }),
      SST_RESOURCE_OriginSecret: JSON.stringify({ value: originSecret, type: 'sst.sst.Linkable' }),
    };
    return spawnSync(process.execPath, [join(dir, 'invoke.mjs'), JSON.stringify(events)], { env, encoding: 'utf8', timeout: 30_000 });
  }

  it('starts from linked resources, signs in, streams a list, knows the viewer by the linked origin secret and refuses a call without it', () => {
    const result = run(
      [
        lambdaEvent({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password: 'shipped-secret' } }),
        lambdaEvent({ method: 'GET', path: '/api/events' }),
        lambdaEvent({ method: 'GET', path: '/api/auth/sessions' }),
        // Straight to the Function URL, without the origin secret: refused before the app logs it.
        lambdaEvent({ method: 'GET', path: '/api/health', direct: '192.0.2.44' }),
      ],
      'shipped-secret',
    );
    expect(result.status, result.stderr).toBe(0);
    // Before the results: the function's request log, one JSON line per call, as CloudWatch gets it.
    const lines = result.stdout.trim().split('\n');
    const logged = lines.slice(0, -1).map((line) => JSON.parse(line));
    expect(logged).toMatchObject([
      { method: 'POST', path: '/api/auth/login', status: 200 },
      { method: 'GET', path: '/api/events', status: 200 },
      { method: 'GET', path: '/api/auth/sessions', status: 200 },
    ]);
    const results = JSON.parse(lines.at(-1)!) as (Omit<StreamedResult, 'body'> & { body: string })[];
    expect(results.every((r) => r.streamed)).toBe(true);
    const [login, list, sessions, direct] = results.map((r) => asBrowserSees({ ...r, body: Buffer.from(r.body, 'base64') }));
    expect(login!.headers.get('x-request-id')).toBe(logged[0].requestId);
    expect(login!.status, login!.text).toBe(200);
    expect(attributesOf(login!.setCookies[0]!)).toContain('Secure');
    expect(list!.status, list!.text).toBe(200);
    expect(Array.isArray(list!.json)).toBe(true);
    expect(sessions!.json.find((s: { current: boolean }) => s.current)).toMatchObject({ ip: viewerAddress });
    expect(direct!.status).toBe(403);
  });

  it("loads the PDF writer's and the API reference's chunks on first use, not at a cold start", async () => {
    // an order to print, written straight to the table the bundle reads
    const db = createDb({ tableName: config.tableName, endpoint: suiteStore() });
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const event = await Event.create(db, { title: 'Bundle Night', date, venue: 'Chunk Hall', status: 'active' });
    const customer = await Customer.create(db, { name: 'Pat Print', email: 'pat.print@example.com', phone: '' });
    const type = await TicketType.create(db, { eventId: event.id, name: 'Floor', price: '$10.00' });
    const order = await Order.create(db, {
      eventId: event.id,
      customerId: customer.id,
      lines: [{ ticketTypeId: type.id, quantity: 2 }],
      paymentMethod: 'Card',
    });
    db.doc.destroy();
    const result = run(
      [
        lambdaEvent({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password: 'shipped-secret' } }),
        lambdaEvent({ method: 'GET', path: `/api/transactions/${order.id}/tickets.pdf` }),
        lambdaEvent({ method: 'GET', path: '/api/openapi.json' }),
        lambdaEvent({ method: 'GET', path: '/api/docs' }),
      ],
      'shipped-secret',
    );
    expect(result.status, result.stderr).toBe(0);
    const [, pdf, openapi, docs] = (
      JSON.parse(result.stdout.trim().split('\n').at(-1)!) as (Omit<StreamedResult, 'body'> & { body: string })[]
    ).map((r) => asBrowserSees({ ...r, body: Buffer.from(r.body, 'base64') }));
    expect(pdf!.status, pdf!.text.slice(0, 200)).toBe(200);
    expect(pdf!.headers.get('content-type')).toBe('application/pdf');
    expect(pdf!.text.startsWith('%PDF-')).toBe(true);
    expect(openapi!.status, openapi!.text.slice(0, 200)).toBe(200);
    expect(openapi!.json.paths['/api/orders']).toBeDefined();
    expect(docs!.status, docs!.text.slice(0, 200)).toBe(200);
    expect(docs!.text).toContain('/api/orders');
  });

  it('refuses to start when the secret is empty', () => {
    const result = run([], '');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('The admin password is not set for this stage');
  });
});
