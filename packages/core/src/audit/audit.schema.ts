import * as z from 'zod';
import { logPageFields } from '../shared.schema.ts';

/** What a history record is about. SEO, CTA and blocks belong to their event, addresses to their customer. */
export const auditEntities = ['event', 'customer', 'transaction', 'settings', 'auth', 'user', 'webhook'] as const;
export type AuditEntity = (typeof auditEntities)[number];

/** A changed field's value as the history shows it: short text, a number, a flag, or nothing. */
export type AuditValue = string | number | boolean | null;

export interface AuditChange {
  field: string;
  from: AuditValue;
  to: AuditValue;
}

/** One history record (GET /api/audit). */
export interface AuditEntry {
  id: string;
  at: string;
  /** the administrator's username, or `token:<name>` for an API token */
  actor: string;
  /** e.g. `create`, `update`, `seo.save`, `refund`, `sign_in_failed` */
  action: string;
  entity: AuditEntity;
  entityId: string;
  summary: string;
  changes: AuditChange[];
  /** security events (entity `auth`): the client address; never a secret, code or token */
  address?: string;
}

/** GET /api/audit, audit.list: newest first, one entity's history or the whole feed. */
export const listAuditInput = z
  .object({
    entity: z.enum(auditEntities, { error: `Entity must be one of ${auditEntities.join(', ')}` }).optional(),
    id: z.string().trim().min(1, 'An id is required').max(100, 'Ids are at most 100 characters').optional(),
    ...logPageFields,
    /** only what the bell shows: refunds, failed payments, failed sign-ins */
    notable: z.boolean().optional(),
    /** only one member's changes (their username), their API tokens' included */
    actor: z.string().trim().min(1, 'An actor is a username').max(100, 'An actor is at most 100 characters').optional(),
  })
  .refine((input) => !(input.actor && input.id), { message: 'Filter by an entity id or by an actor, not both', path: ['actor'] })
  .refine((input) => input.id === undefined || input.entity !== undefined, {
    message: 'An id needs an entity, e.g. entity=event&id=...',
    path: ['id'],
  });
export type ListAuditInput = z.input<typeof listAuditInput>;
