import { randomBytes, randomUUID } from 'node:crypto';
import { securityEvent, type MemberActor } from '../audit/audit.repo.ts';
import { sha256Hex } from '../credentials/password.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../error.ts';
import { fn } from '../fn.ts';
import { SessionCache } from '../session/cache.ts';
import { firstMemberId } from '../user/first-member.ts';
import { getUser } from '../user/user.repo.ts';
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
  /** whether the owner has 2FA on: the team's 2FA rule holds for their tokens too */
  ownerTwoFactorEnabled: boolean;
  /** ms since the epoch; Infinity when it does not expire */
  expiresAt: number;
  /** the owner's token epoch it was issued under */
  epoch: number;
}

/** Like sessions, tokens are remembered in-process briefly (session/cache.ts); a revoke here evicts at once. */
const caches = new WeakMap<Db, SessionCache<TokenPrincipal>>();
export function tokenCacheFor(db: Db) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache<TokenPrincipal>((token) => token.ownerId)));
  return cache;
}

/** A member disabled: their tokens are refused here at once (elsewhere within seconds, by their owner's status). */
export function forgetOwner(db: Db, ownerId: string) {
  tokenCacheFor(db).deleteWhere((token) => token.ownerId === ownerId);
}

/** A member's token epoch has moved on (a reset, a password change): no token of an earlier one is served from this cache again. */
export function retireTokensBefore(db: Db, ownerId: string, epoch: number) {
  tokenCacheFor(db).retire(ownerId, epoch);
}

/** Recognisable in logs and secret scanners; 256 random bits. */
const tokenPrefix = 'eat_';
const dayMs = 24 * 60 * 60_000;

const info = ({ id, name, scope, createdAt, expiresAt }: ApiTokenInfo): ApiTokenInfo => ({ id, name, scope, createdAt, expiresAt });

/** Tokens from before members were recorded belong to the first member (the one administrator there was). */
const ownerOf = (token: StoredApiToken) => token.ownerId ?? firstMemberId;

/**
 * POST /api/tokens: a token owned by its creator, under their current token epoch; its value is
 * answered this once and only its hash is stored (never in the history).
 */
export const create = fn(createApiTokenInput, async (db, input, actor: MemberActor): Promise<CreatedApiToken> => {
  const now = Date.now();
  const owner = await getUser(db, actor.userId);
  const token = tokenPrefix + randomBytes(32).toString('base64url');
  const created: ApiTokenInfo = {
    id: randomUUID(),
    name: input.name,
    scope: input.scope,
    createdAt: new Date(now).toISOString(),
    expiresAt: input.expiresInDays ? new Date(now + input.expiresInDays * dayMs).toISOString() : null,
  };
  const record = securityEvent(actor, 'token_created', `Created the ${created.scope} API token "${created.name}"`);
  const ownership = { ownerId: actor.userId, createdBy: actor.username, epoch: owner?.tokenEpoch ?? 0 };
  await putApiToken(db, sha256Hex(token), created, ownership, [record]);
  return { ...created, token };
});

/** GET /api/tokens: the caller's own tokens that still work (of their current epoch), newest first. */
export async function list(db: Db, ownerId: string): Promise<ApiTokenInfo[]> {
  const [tokens, owner] = await Promise.all([listApiTokenItems(db), getUser(db, ownerId)]);
  return tokens.filter((t) => ownerOf(t) === ownerId && t.epoch === owner?.tokenEpoch).map(info);
}

/** DELETE /api/tokens/{id}: its next call is refused at once here, and within seconds everywhere (docs/security.md). */
export const revoke = fn(revokeApiTokenInput, async (db, { id }, actor: MemberActor) => {
  const found = (await listApiTokenItems(db)).find((t) => t.id === id && ownerOf(t) === actor.userId);
  if (!found) throw notFound('API token');
  await end(db, found, actor, `Revoked the API token "${found.name}"`);
});

async function end(db: Db, token: StoredApiToken, actor: MemberActor, summary: string) {
  tokenCacheFor(db).delete(token.tokenHash);
  await deleteApiToken(db, token.tokenHash, [securityEvent(actor, 'token_revoked', summary)]);
}

/**
 * Revokes every listed token a member owns (a new password, a reset; tokens from before owners
 * were recorded belong to the one administrator there was): `why` ends each record's summary.
 * One the listing misses is refused all the same: its epoch is past. Answers how many went.
 */
export async function revokeAllOf(db: Db, ownerId: string, actor: MemberActor, why: string) {
  const owned = (await listApiTokenItems(db)).filter((t) => ownerOf(t) === ownerId);
  for (const token of owned) await end(db, token, actor, `Revoked the API token "${token.name}" ${why}`);
  return owned.length;
}

/**
 * The token a bearer value names, or null when it is unknown, revoked, expired, its owner is not
 * an active member, or it was issued under an earlier token epoch of theirs.
 */
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
  if (!owner || owner.status !== 'active' || stored.epoch !== owner.tokenEpoch) return null;
  const principal: TokenPrincipal = {
    id: stored.id,
    name: stored.name,
    scope: stored.scope,
    expiresAt,
    ownerId: owner.id,
    ownerUsername: owner.username,
    ownerTwoFactorEnabled: owner.twoFactorEnabled,
    epoch: stored.epoch,
  };
  cache.set(tokenHash, principal, now);
  return principal;
}
