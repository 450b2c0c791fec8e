import ipaddr from 'ipaddr.js';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { DomainError } from '../error.ts';
import { publicAddressRequired } from './webhook.schema.ts';

/**
 * Where endpoints may point. On AWS: https to public addresses only. Locally (`npm start`, the
 * tests) http too, and private or loopback addresses while the server listens on loopback or
 * `WEBHOOK_ALLOW_PRIVATE=1` says so (`=0` refuses them).
 */
export interface TargetPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

export const publicTargetsOnly: TargetPolicy = { allowHttp: false, allowPrivate: false };

/**
 * An address on the public internet: parsed by ipaddr.js, an IPv4-mapped IPv6 form read as the
 * IPv4 it maps, and only the `unicast` range kept (loopback, private, link-local, carrier-grade
 * NAT, NAT64, 6to4, site-local, benchmarking, reserved and the rest are not).
 */
export function isPublicAddress(address: string) {
  if (isIP(address) === 0) return false;
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  return parsed.range() === 'unicast';
}

/** The error a lookup hook answers for a name that leads to a refused address. */
class PrivateTarget extends Error {
  readonly code = 'EWEBHOOKPRIVATE';
  constructor() {
    super(publicAddressRequired);
  }
}
export const isPrivateTarget = (error: unknown) => (error as { code?: string } | null)?.code === 'EWEBHOOKPRIVATE';

export type Resolver = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;
const systemResolver: Resolver = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/**
 * The lookup an agent connects with: one resolution, every address it gives checked, and the
 * connection made to the address checked (no second lookup a re-pointed name could answer).
 */
export function checkedLookup(policy: TargetPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, found) => {
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const addresses = found?.filter((a) => family === 0 || a.family === family) ?? [];
      const refused = !policy.allowPrivate && addresses.some((a) => !isPublicAddress(a.address));
      const failure =
        error ?? (refused ? new PrivateTarget() : addresses.length ? null : Object.assign(new Error('No address'), { code: 'ENOTFOUND' }));
      if (failure) return options.all ? callback(failure as NodeJS.ErrnoException, []) : callback(failure as NodeJS.ErrnoException, '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** The agents a sender posts through, their lookup hooked (no keep-alive: each delivery connects, and is checked, anew). */
export function checkedAgents(policy: TargetPolicy, resolve?: Resolver) {
  const lookup = checkedLookup(policy, resolve);
  return { http: new HttpAgent({ keepAlive: false, lookup }), https: new HttpsAgent({ keepAlive: false, lookup }) };
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why a URL may not be a target, from the URL alone: its form, its protocol, an address written in it. */
export function urlProblem(url: string, policy: TargetPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The URL is not valid';
  }
  const protocols = policy.allowHttp ? ['http:', 'https:'] : ['https:'];
  if (!protocols.includes(parsed.protocol))
    return policy.allowHttp ? 'The URL must start with http:// or https://' : 'The URL must start with https://';
  const host = hostOf(parsed);
  return !policy.allowPrivate && isIP(host) && !isPublicAddress(host) ? publicAddressRequired : null;
}

/**
 * Why a target may not be called, or null: urlProblem, then a name, unless private targets are
 * allowed, resolved now so the name of an internal host is refused when saved (and again at each
 * delivery, by the agents' lookup).
 */
export async function targetProblem(url: string, policy: TargetPolicy, resolve: Resolver = systemResolver): Promise<string | null> {
  const problem = urlProblem(url, policy);
  if (problem || policy.allowPrivate) return problem;
  const host = hostOf(new URL(url));
  if (isIP(host)) return null;
  const addresses = await new Promise<LookupAddress[]>((done) => resolve(host, (error, found) => done(error ? [] : found)));
  if (!addresses.length) return "The URL's host does not resolve";
  return addresses.every((a) => isPublicAddress(a.address)) ? null : publicAddressRequired;
}

/** targetProblem as the API's answer: 400 with the reason. */
export async function assertTarget(url: string | undefined, policy: TargetPolicy) {
  const problem = url === undefined ? null : await targetProblem(url, policy);
  if (problem) throw new DomainError('invalid', problem);
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * `npm start`'s policy: http allowed; private and loopback targets while the server listens on
 * loopback only (nobody else can reach it, so nobody else can aim it), unless
 * WEBHOOK_ALLOW_PRIVATE says otherwise: `1` allows them, `0` refuses them.
 */
export function localTargetPolicy(allowPrivate: string | undefined, listenHost: string): TargetPolicy {
  const value = allowPrivate?.trim() ?? '';
  if (!['', '0', '1'].includes(value)) throw new Error(`WEBHOOK_ALLOW_PRIVATE is 1 or 0, not "${allowPrivate}"`);
  const loopback = loopbackNames.has(listenHost) || (isIP(listenHost) === 4 && listenHost.startsWith('127.'));
  return { allowHttp: true, allowPrivate: value === '' ? loopback : value === '1' };
}
