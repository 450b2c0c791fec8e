import * as z from 'zod';
import { isoTime, named } from '../shared.schema.ts';

/** One row of Manage Sessions (GET /api/auth/sessions). */
export const sessionInfo = named('SessionInfo', {
  /** a public id, not the token */
  id: z.string(),
  createdAt: isoTime,
  lastSeenAt: isoTime,
  /** the User-Agent header as the browser sent it */
  userAgent: z.string(),
  ip: z.string(),
  /** the session this request came with */
  current: z.boolean(),
});
export type SessionInfo = z.output<typeof sessionInfo>;

/** DELETE /api/auth/sessions/{id} */
export const revokeSessionInput = z.object({ id: z.string().trim().min(1, 'Session id is required').max(100, 'Session id is too long') });
