import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from 'hono';

/** Set by the Router's viewer-request function (infra/web.ts) on every request: CloudFront's `event.viewer.ip`. */
export const viewerAddressHeader = 'x-viewer-address';
/** Set by the same function: the origin secret, proof that the request came through CloudFront. */
export const originVerifyHeader = 'x-origin-verify';

/**
 * What the two runtimes put in Hono's `c.env`: @hono/node-server the incoming request (its socket
 * is the connection), hono/aws-lambda the event's requestContext, where a Function URL reports
 * the address that connected to it (behind CloudFront, a CloudFront edge server). lambda.ts adds
 * the origin secret the function was linked to.
 */
interface RuntimeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
  server?: { incoming?: { socket?: { remoteAddress?: string } } };
  requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } };
  originSecret?: string;
}

/** Compared as SHA-256 digests, so neither the time taken nor an early length check tells a guess how close it was. */
function sameSecret(sent: string | undefined, expected: string) {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return sent !== undefined && timingSafeEqual(digest(sent), digest(expected));
}

/** Whether the request carries the origin secret, so came through the Router: lambda.ts refuses any other. */
export function cameThroughRouter(c: Context, originSecret: string): boolean {
  return sameSecret(c.req.header(originVerifyHeader), originSecret);
}

/**
 * On Lambda: CloudFront's viewer address when the request carries the origin secret (only the
 * Router's function knows it, and that function overwrites the address header on every request,
 * so a client's own value never survives); otherwise the address that connected to the Function
 * URL. A client calling the Function URL directly cannot forge either.
 */
function lambdaAddress(c: Context, env: RuntimeBindings): string | undefined {
  const sourceIp = env.requestContext?.http?.sourceIp ?? env.requestContext?.identity?.sourceIp;
  if (!env.originSecret || !cameThroughRouter(c, env.originSecret)) return sourceIp;
  const viewer = c.req.header(viewerAddressHeader)?.trim() ?? '';
  return isIP(viewer) ? viewer : sourceIp;
}

/**
 * The client address the sign-in throttle counts by, and Manage Sessions shows: locally the
 * connection's, behind CloudFront the viewer's. Never X-Forwarded-For or any other header a
 * client can set itself.
 */
export function clientAddress(c: Context): string {
  const env = (c.env ?? {}) as RuntimeBindings;
  const socket = (env.server ?? env).incoming?.socket?.remoteAddress;
  const address = socket ?? lambdaAddress(c, env) ?? 'unknown';
  // An IPv4 client on a dual-stack socket: show and count it as the IPv4 address it is.
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}
