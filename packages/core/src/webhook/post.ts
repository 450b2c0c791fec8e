import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isPrivateTarget, urlProblem, type checkedAgents, type TargetPolicy } from './target.ts';
import { publicAddressRequired } from './webhook.schema.ts';

/** Standard Webhooks' signature: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the secret's bytes. */
export function signature(secret: string, messageId: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: one signature per secret in use, space-separated (a rotation's old one for a day). */
export const signatures = (secrets: readonly string[], messageId: string, timestamp: number, body: string) =>
  secrets.map((secret) => signature(secret, messageId, timestamp, body)).join(' ');

export interface Outcome {
  /** the answer's status; 0 when there was none */
  status: number;
  /** null: delivered */
  error: string | null;
}

export interface PostRequest {
  url: string;
  messageId: string;
  body: string;
  secrets: readonly string[];
  at: Date;
}

/**
 * One signed POST, bounded as a whole (lookup, connection, answer) by `timeoutMs`. The URL is
 * checked first (its form, an address written in it); a name is checked by the agents' lookup
 * as it connects (target.ts). Redirects are not followed: a 3xx is a failure.
 */
export async function postSigned(
  req: PostRequest,
  options: { policy: TargetPolicy; agents: ReturnType<typeof checkedAgents>; timeoutMs: number },
): Promise<Outcome> {
  // a name is left to the lookup hook: checked once, where the connection is made
  const problem = urlProblem(req.url, options.policy);
  if (problem) return { status: 0, error: problem };
  const timestamp = Math.floor(req.at.getTime() / 1000);
  const https = req.url.startsWith('https:');
  return new Promise<Outcome>((resolve) => {
    const call = (https ? httpsRequest : httpRequest)(req.url, {
      method: 'POST',
      agent: https ? options.agents.https : options.agents.http,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(req.body),
        'user-agent': 'event-admin-webhooks/1',
        'webhook-id': req.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatures(req.secrets, req.messageId, timestamp, req.body),
      },
    });
    const timer = setTimeout(() => {
      finish({ status: 0, error: `No answer within ${Math.round(options.timeoutMs / 1000)} s` });
      call.destroy();
    }, options.timeoutMs);
    let done = false;
    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    call.on('response', (response) => {
      const status = response.statusCode ?? 0;
      // the answer's body is not read: the status is the whole answer
      response.destroy();
      finish(status >= 200 && status < 300 ? { status, error: null } : { status, error: `Answered ${status}` });
    });
    call.on('error', (error) => {
      if (isPrivateTarget(error)) finish({ status: 0, error: publicAddressRequired });
      else if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') finish({ status: 0, error: "The URL's host does not resolve" });
      else finish({ status: 0, error: 'Could not connect' });
    });
    call.end(req.body);
  });
}
