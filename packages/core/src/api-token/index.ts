import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { notFound } from '../error.ts';
import { SessionCache } from '../session/cache.ts';
import { sha256Hex } from '../session/password.ts';
import { deleteApiToken, getApiToken, listApiTokenItems, putApiToken } from './api-token.repo.ts';
import {
  createApiTokenInput,
  revokeApiTokenInput,
  type ApiTokenInfo,
  type ApiTokenScope,
  type CreatedApiToken,
} from './api-token.schema.ts';

/** What a bearer call acts as. */
export interface TokenPrincipal {
  id: string;
  name: string;
  scope: ApiTokenScope;
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

/** Recognisable in logs and secret scanners; 256 random bits. */
const tokenPrefix = 'eat_';
const dayMs = 24 * 60 * 60_000;

const info = ({ id, name, scope, createdAt, expiresAt }: ApiTokenInfo): ApiTokenInfo => ({ id, name, scope, createdAt, expiresAt });

/** Creates a token; its value is answered this once and only its hash is stored. */
export async function create(db: Db, rawInput: unknown, now = Date.now()): Promise<CreatedApiToken> {
  const input = createApiTokenInput.parse(rawInput);
  const token = tokenPrefix + randomBytes(32).toString('base64url');
  const created: ApiTokenInfo = {
    id: randomUUID(),
    name: input.name,
    scope: input.scope,
    createdAt: new Date(now).toISOString(),
    expiresAt: input.expiresInDays ? new Date(now + input.expiresInDays * dayMs).toISOString() : null,
  };
  await putApiToken(db, sha256Hex(token), created);
  return { ...created, token };
}

export async function list(db: Db): Promise<ApiTokenInfo[]> {
  return (await listApiTokenItems(db)).map(info);
}

/** Revokes a token: its next call is refused at once (by this process; see docs/security.md). */
export async function revoke(db: Db, rawInput: unknown) {
  const { id } = revokeApiTokenInput.parse(rawInput);
  const found = (await listApiTokenItems(db)).find((t) => t.id === id);
  if (!found) throw notFound('API token');
  tokenCacheFor(db).delete(found.tokenHash);
  await deleteApiToken(db, found.tokenHash);
}

/** The token a bearer value names, or null when it is unknown, revoked or expired. */
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
  const principal = { id: stored.id, name: stored.name, scope: stored.scope, expiresAt };
  cache.set(tokenHash, principal, now);
  return principal;
}
