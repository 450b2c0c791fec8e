// The events AWS delivers to the Lambda handler behind SST's CloudFront router, and a browser's
// view of its answers: shared by the handler tests and the shipped-bundle tests.
import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { APIGatewayProxyResult, LambdaEvent } from 'hono/aws-lambda';

/** What the browser's address bar shows: the CloudFront distribution (or its custom domain). */
export const viewerHost = 'd111111abcdef8.cloudfront.net';
export const viewerOrigin = `https://${viewerHost}`;
export const functionUrlHost = 'abcdefghijklmnopqrstuvwxyz234567.lambda-url.us-east-1.on.aws';
export const httpApiHost = 'a1b2c3d4e5.execute-api.us-east-1.amazonaws.com';
export const password = 'lambda-secret';

/** Payload format 2.0: what Function URLs and HTTP APIs send. */
export type APIGatewayProxyEventV2 = Extract<LambdaEvent, { rawPath: string }>;

export function localEndpoint() {
  const endpoint = inject('dynamoEndpoint');
  const host = new URL(endpoint).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`Refusing to test against ${endpoint}`);
  return endpoint;
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: string;
  json?: unknown;
  /** send the body base64-encoded, as API Gateway does for some content types */
  base64?: boolean;
  cookies?: string[];
  headers?: Record<string, string>;
  /** the origin behind CloudFront: a Lambda Function URL (what infra/ deploys) or an HTTP API */
  via?: 'function-url' | 'http-api';
}

/**
 * A payload-v2 event as the function receives it from CloudFront: the viewer's headers (Host
 * replaced by the origin's), x-forwarded-host set by SST's router function, x-forwarded-proto
 * and friends added by Lambda, and the Cookie header moved into `cookies`.
 */
export function lambdaEvent(call: Call): APIGatewayProxyEventV2 {
  const via = call.via ?? 'function-url';
  const domainName = via === 'function-url' ? functionUrlHost : httpApiHost;
  const body = call.json === undefined ? undefined : JSON.stringify(call.json);
  const write = call.method !== 'GET';
  const headers: Record<string, string> = {
    host: domainName,
    'x-forwarded-host': viewerHost,
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    'x-forwarded-for': '203.0.113.7, 130.176.1.10',
    via: '2.0 0123456789abcdef.cloudfront.net (CloudFront)',
    'x-amz-cf-id': 'Tm9UaGluZ1RvU2VlSGVyZQ==',
    'x-amzn-trace-id': `Root=1-${randomUUID()}`,
    'user-agent': 'Mozilla/5.0 (X11; Linux aarch64) Chrome/140.0 Safari/537.36',
    accept: 'application/json',
    'accept-encoding': 'gzip',
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'cors',
    ...(write ? { origin: viewerOrigin } : {}),
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...call.headers,
  };
  for (const [key, value] of Object.entries(headers)) if (value === '') delete headers[key];
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: call.path,
    rawQueryString: call.query ?? '',
    ...(call.cookies?.length ? { cookies: call.cookies } : {}),
    headers,
    ...(call.query ? { queryStringParameters: Object.fromEntries(new URLSearchParams(call.query)) } : {}),
    requestContext: {
      accountId: via === 'function-url' ? 'anonymous' : '123456789012',
      apiId: domainName.split('.')[0]!,
      authentication: null,
      authorizer: undefined as never,
      domainName,
      domainPrefix: domainName.split('.')[0]!,
      http: { method: call.method, path: call.path, protocol: 'HTTP/1.1', sourceIp: '130.176.1.10', userAgent: headers['user-agent']! },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    body: body === undefined ? null : call.base64 ? Buffer.from(body).toString('base64') : body,
    isBase64Encoded: Boolean(call.base64 && body !== undefined),
  };
}

export interface BrowserResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
  setCookies: string[];
}

/**
 * What the browser gets: Lambda turns `cookies` into one Set-Cookie header each and CloudFront
 * passes them on. A Set-Cookie left in `headers` would be a single, mangled header instead.
 */
export function asBrowserSees(result: APIGatewayProxyResult): BrowserResponse {
  expect(result.multiValueHeaders).toBeUndefined();
  expect(Object.keys(result.headers ?? {}).map((k) => k.toLowerCase())).not.toContain('set-cookie');
  const headers = new Headers(result.headers as Record<string, string>);
  for (const cookie of result.cookies ?? []) headers.append('set-cookie', cookie);
  const text = result.isBase64Encoded ? Buffer.from(result.body, 'base64').toString('utf8') : result.body;
  const json = headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : undefined;
  return { status: result.statusCode, headers, text, json, setCookies: headers.getSetCookie() };
}

/** A browser on https://<viewerHost>: keeps the cookies it is given, sends them back. */
export class Browser {
  jar = new Map<string, string>();
  constructor(readonly invoke: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyResult>) {}

  async send(call: Call) {
    const cookies = [...this.jar].map(([name, value]) => `${name}=${value}`);
    const response = asBrowserSees(await this.invoke(lambdaEvent({ cookies, ...call })));
    for (const setCookie of response.setCookies) {
      const [pair, ...attributes] = setCookie.split(';').map((part) => part.trim());
      const [name, value] = pair!.split(/=(.*)/s) as [string, string];
      // A Secure cookie is kept only because this page is https.
      if (attributes.includes('Secure') && !viewerOrigin.startsWith('https:')) continue;
      if (attributes.includes('Max-Age=0') || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  signIn() {
    return this.send({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password } });
  }
}

export const attributesOf = (setCookie: string) => setCookie.split(';').map((part) => part.trim());
