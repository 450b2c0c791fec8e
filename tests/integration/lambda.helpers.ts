// The events AWS delivers to the Lambda handler behind SST's CloudFront router, and a browser's
// view of its answers: shared by the handler tests and the shipped-bundle tests.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LambdaEvent } from 'hono/aws-lambda';
import type { StreamedResult } from '../setup/lambda-runtime.ts';

/** What the browser's address bar shows: the CloudFront distribution (or its custom domain). */
export const viewerHost = 'd111111abcdef8.cloudfront.net';
export const viewerOrigin = `https://${viewerHost}`;
export const functionUrlHost = 'abcdefghijklmnopqrstuvwxyz234567.lambda-url.us-east-1.on.aws';
/** The secret infra/ links to the function and puts into the Router's viewer-request function. */
export const originSecret = 'origin-secret-only-cloudfront-knows';
/** The browser's own address, as CloudFront's viewer-request function sees it (event.viewer.ip). */
export const viewerAddress = '203.0.113.7';
/** The CloudFront edge server that connects to the Function URL: what `sourceIp` reports behind the Router. */
export const edgeAddress = '130.176.1.10';
export const password = 'lambda-secret';

/** Payload format 2.0: what Function URLs and HTTP APIs send. */
export type APIGatewayProxyEventV2 = Extract<LambdaEvent, { rawPath: string }>;

export interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: string;
  json?: unknown;
  /** send the body base64-encoded, as API Gateway does for some content types */
  base64?: boolean;
  cookies?: string[];
  headers?: Record<string, string>;
  /** from a client calling the Function URL itself, from this address, not through CloudFront */
  direct?: string;
}

/**
 * A payload-v2 event as the function receives it from CloudFront: the viewer's headers (Host
 * replaced by the origin's), x-forwarded-host, x-viewer-address and x-origin-verify set by the
 * Router's viewer-request function, x-forwarded-proto and friends added by Lambda, and the Cookie
 * header moved into `cookies`. With `direct`, what a client calling the Function URL sends.
 */
export function lambdaEvent(call: Call): APIGatewayProxyEventV2 {
  const domainName = functionUrlHost;
  const body = call.json === undefined ? undefined : JSON.stringify(call.json);
  const write = call.method !== 'GET';
  const headers: Record<string, string> = {
    host: domainName,
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    ...(call.direct
      ? { 'x-forwarded-for': call.direct }
      : {
          'x-forwarded-host': viewerHost,
          'x-forwarded-for': `${viewerAddress}, ${edgeAddress}`,
          via: '2.0 0123456789abcdef.cloudfront.net (CloudFront)',
          'x-amz-cf-id': 'Tm9UaGluZ1RvU2VlSGVyZQ==',
          'x-viewer-address': viewerAddress,
          'x-origin-verify': originSecret,
        }),
    'x-amzn-trace-id': `Root=1-${randomUUID()}`,
    'user-agent': 'Mozilla/5.0 (X11; Linux aarch64) Chrome/140.0 Safari/537.36',
    accept: 'application/json',
    'accept-encoding': 'gzip',
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'cors',
    // A browser on the app's page sends its Origin; a script calling the Function URL sends none.
    ...(write && !call.direct ? { origin: viewerOrigin } : {}),
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
      accountId: 'anonymous',
      apiId: domainName.split('.')[0]!,
      authentication: null,
      authorizer: undefined as never,
      domainName,
      domainPrefix: domainName.split('.')[0]!,
      http: {
        method: call.method,
        path: call.path,
        protocol: 'HTTP/1.1',
        sourceIp: call.direct ?? edgeAddress,
        userAgent: headers['user-agent']!,
      },
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
 * What the browser gets: the Function URL turns the prelude's `cookies` into one Set-Cookie
 * header each and CloudFront passes them on (a Set-Cookie left in `headers` would be a single,
 * mangled header instead); the browser undoes the Content-Encoding.
 */
export function asBrowserSees(result: StreamedResult): BrowserResponse {
  expect(Object.keys(result.headers).map((k) => k.toLowerCase())).not.toContain('set-cookie');
  const headers = new Headers(result.headers);
  for (const cookie of result.cookies) headers.append('set-cookie', cookie);
  const encoding = headers.get('content-encoding');
  const bytes = encoding === 'gzip' ? gunzipSync(result.body) : encoding === 'br' ? brotliDecompressSync(result.body) : result.body;
  const text = bytes.toString('utf8');
  const json = headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : undefined;
  return { status: result.statusCode, headers, text, json, setCookies: headers.getSetCookie() };
}

/** A browser on https://<viewerHost>: keeps the cookies it is given, sends them back. */
export class Browser {
  jar = new Map<string, string>();
  constructor(readonly invoke: (event: APIGatewayProxyEventV2) => Promise<StreamedResult>) {}

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
