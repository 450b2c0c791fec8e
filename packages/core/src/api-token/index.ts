import { randomBytes, randomUUID } from 'node:crypto';
import { securityEvent, type MemberActor } from '../audit/audit.repo.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../error.ts';
import { SessionCache } from '../session/cache.ts';
import { getUser } from '../user/user.repo.ts';
import { firstMemberId } from '../user/first-member.ts';
import { sha256Hex } from '../session/password.ts';
import { deleteApiToken, getApiToken, listApiTokenItems, putApiToken, type StoredApiToken } from './api-token.repo.ts';
import {
  createApiTokenInput,
  revokeApiTokenInput,
  type ApiTokenInfo,
  type ApiTokenScope,
  type CreatedApiToken,
} from './api-token.schema.ts';

/** What a bearer call acts as: the token, and the member who owns it. */
export interface TokenPrincipal {
  id: string;
  name: string;
  scope: ApiTokenScope;
  ownerId: string;
  ownerUsername: string;
  /** ms since the epoch; Infinity when it does not expire */
  expiresAt: number;
}

/** Like sessions, tokens are remembered in-process briefly (session/cache.ts); a revoke here evicts at once. */
const caches = new WeakMap<Db, SessionCache<TokenPrincipal>>();
export function tokenCacheFor(db: Db) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache<TokenPrincipal>()));
  return cache;
}

/** A member disabled or reset: their tokens are refused here at once (elsewhere within seconds, by their owner's status). */
export function forgetOwner(db: Db, ownerId: string) {
  tokenCacheFor(db).deleteWhere((token) => token.ownerId === ownerId);
}

/** Recognisable in logs and secret scanners; 256 random bits. */
const tokenPrefix = 'eat_';
const dayMs = 24 * 60 * 60_000;

const info = ({ id, name, scope, createdAt, expiresAt }: ApiTokenInfo): ApiTokenInfo => ({ id, name, scope, createdAt, expiresAt });

/** Tokens from before members were recorded belong to the first member (the one administrator there was). */
const ownerOf = (token: StoredApiToken) => token.ownerId ?? firstMemberId;

/** Creates a token owned by its creator; its value is answered this once and only its hash is stored (never in the history). */
export async function create(db: Db, rawInput: unknown, actor: MemberActor, now = Date.now()): Promise<CreatedApiToken> {
  const input = createApiTokenInput.parse(rawInput);
  const token = tokenPrefix + randomBytes(32).toString('base64url');
  const created: ApiTokenInfo = {
    id: randomUUID(),
    name: input.name,
    scope: input.scope,
    createdAt: new Date(now).toISOString(),
    expiresAt: input.expiresInDays ? new Date(now + input.expiresInDays * dayMs).toISOString() : null,
  };
  const record = securityEvent(actor, 'token_created', `Created the ${created.scope} API token "${created.name}"`);
  await putApiToken(db, sha256Hex(token), created, { ownerId: actor.userId, createdBy: actor.username }, [record]);
  return { ...created, token };
}

/** GET /api/tokens: the caller's own tokens, newest first. */
export async function list(db: Db, ownerId: string): Promise<ApiTokenInfo[]> {
  return (await listApiTokenItems(db)).filter((t) => ownerOf(t) === ownerId).map(info);
}

/** Revokes a token: its next call is refused at once here, and within seconds everywhere (docs/security.md). */
export async function revoke(db: Db, rawInput: unknown, actor: MemberActor) {
  const { id } = revokeApiTokenInput.parse(rawInput);
  const found = (await listApiTokenItems(db)).find((t) => t.id === id && ownerOf(t) === actor.userId);
  if (!found) throw notFound('API token');
  await end(db, found, actor, `Revoked the API token "${found.name}"`);
}

async function end(db: Db, token: StoredApiToken, actor: MemberActor, summary: string) {
  tokenCacheFor(db).delete(token.tokenHash);
  await deleteApiToken(db, token.tokenHash, [securityEvent(actor, 'token_revoked', summary)]);
}

/**
 * A new password revokes the tokens its user created (tokens from before owners were recorded
 * belong to the one administrator there was). Answers how many went.
 */
export async function revokeCreatedBy(db: Db, actor: MemberActor) {
  const owned = (await listApiTokenItems(db)).filter((t) => ownerOf(t) === actor.userId);
  for (const token of owned) await end(db, token, actor, `Revoked the API token "${token.name}" with the password change`);
  return owned.length;
}

/** The token a bearer value names, or null when it is unknown, revoked, expired, or its owner is not an active member. */
export async function resolve(db: Db, token: string, now = Date.now()): Promise<TokenPrincipal | null> {
  if (!token.startsWith(tokenPrefix) || token.length > 200) return null;
  const tokenHash = sha256Hex(token);
  const cache = tokenCacheFor(db);
  const cached = cache.get(tokenHash, now);
  if (cached) return cached;
  const stored = await getApiToken(db, tokenHash);
  if (!stored) return null;
  const expiresAt = stored.expiresAt ? Date.parse(stored.expiresAt) : Number.POSITIVE_INFINITY;
  if (expiresAt <= now) return null;
  const owner = await getUser(db, ownerOf(stored));
  if (!owner || owner.status !== 'active') return null;
  const principal = { id: stored.id, name: stored.name, scope: stored.scope, expiresAt, ownerId: owner.id, ownerUsername: owner.username };
  cache.set(tokenHash, principal, now);
  return principal;
}
