import { confirmationRequired, confirmWindowMs } from '../auth/auth.schema.ts';
import { sha256Hex } from '../credentials/password.ts';
import type { Db } from '../db/client.ts';
import type { TransactItem } from '../db/write.ts';
import { DomainError } from '../error.ts';
import { confirmSession, getSession } from './session.repo.ts';

/**
 * The re-authentication window: account changes (API tokens, 2FA, sessions, the password, the
 * team) go ahead only when this session's password was confirmed within the last 10 minutes
 * (POST /api/auth/confirm, account/sign-in.ts).
 */

const signInRequired = () => new DomainError('unauthorized', 'Please sign in to continue');

/** 403 with the words the web answers with its Confirm password dialog, outside the window. Read from the item itself, never the cache. */
export async function assertConfirmed(db: Db, token: string | undefined, now = Date.now()) {
  const session = token && token.length <= 200 ? await getSession(db, sha256Hex(token)) : undefined;
  if (!session || session.expiresAt <= now) throw signInRequired();
  if (!session.confirmedAt || now - session.confirmedAt > confirmWindowMs) throw new DomainError('forbidden', confirmationRequired);
}

/** Opens the window in this session, with its history record (`also`); 401 when the session has gone meanwhile. */
export async function markConfirmed(db: Db, token: string, now: number, also: TransactItem[]) {
  if (!(await confirmSession(db, sha256Hex(token), now, also))) throw signInRequired();
}
