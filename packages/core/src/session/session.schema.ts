import * as z from 'zod';

/** One row of Manage Sessions (GET /api/auth/sessions). */
export interface SessionInfo {
  /** a public id, not the token */
  id: string;
  createdAt: string;
  lastSeenAt: string;
  /** the User-Agent header as the browser sent it */
  userAgent: string;
  ip: string;
  /** the session this request came with */
  current: boolean;
}

/** DELETE /api/auth/sessions/{id} */
export const revokeSessionInput = z.object({ id: z.string().trim().min(1, 'Session id is required').max(100, 'Session id is too long') });
