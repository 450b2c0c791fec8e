import type { Context } from 'hono';

/**
 * What the two runtimes put in Hono's `c.env`: @hono/node-server the incoming request (its socket
 * is the connection), hono/aws-lambda the event's requestContext, where API Gateway and Function
 * URLs report the address that connected to AWS. Never X-Forwarded-For or any other header a
 * client can set itself.
 */
interface RuntimeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
  server?: { incoming?: { socket?: { remoteAddress?: string } } };
  requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } };
}

/** The client address the sign-in throttle counts by, and Manage Sessions shows. */
export function clientAddress(c: Context): string {
  const env = (c.env ?? {}) as RuntimeBindings;
  const socket = (env.server ?? env).incoming?.socket?.remoteAddress;
  const lambda = env.requestContext?.http?.sourceIp ?? env.requestContext?.identity?.sourceIp;
  const address = socket ?? lambda ?? 'unknown';
  // An IPv4 client on a dual-stack socket: show and count it as the IPv4 address it is.
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}
