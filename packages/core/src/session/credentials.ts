import type { Db } from '../db/client.ts';
import { sameSecret, verifyPasswordHash } from './password.ts';
import { getAdminCredentials } from './session.repo.ts';

/** The configured administrator (env locally, SST secret on AWS). */
export interface AdminCredentials {
  username: string;
  password: string;
}

/** Whether a password is the administrator's: the one set in Settings > Security replaces the configured one. */
export async function passwordMatches(db: Db, admin: AdminCredentials, password: string) {
  const stored = await getAdminCredentials(db);
  return stored ? verifyPasswordHash(password, stored.passwordHash) : sameSecret(password, admin.password);
}
