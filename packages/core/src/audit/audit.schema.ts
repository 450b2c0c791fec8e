import * as z from 'zod';
import { isoTime, logPageFields, named, pageOf } from '../shared.schema.ts';

/** What a history record is about. SEO, CTA and blocks belong to their event, addresses to their customer. */
export const auditEntities = ['event', 'customer', 'transaction', 'settings', 'auth', 'user', 'webhook', 'ticket'] as const;
export type AuditEntity = (typeof auditEntities)[number];

/** A changed field's value as the history shows it: short text, a number, a flag, or nothing. */
const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditValue = z.output<typeof auditValue>;

export const auditChange = named('AuditChange', { field: z.string(), from: auditValue, to: auditValue });
export type AuditChange = z.output<typeof auditChange>;

/** One history record (GET /api/audit). */
export const auditEntry = named('AuditEntry', {
  id: z.string(),
  at: isoTime,
  /** the administrator's username, or `token:<name>` for an API token */
  actor: z.string(),
  /** e.g. `create`, `update`, `seo.save`, `refund`, `sign_in_failed` */
  action: z.string(),
  entity: z.enum(auditEntities),
  entityId: z.string(),
  summary: z.string(),
  changes: z.array(auditChange),
  /** security events (entity `auth`): the client address; never a secret, code or token */
  address: z.string().optional(),
});
export type AuditEntry = z.output<typeof auditEntry>;

/** GET /api/audit: a page of history. */
export const auditPage = named('AuditPage', pageOf(auditEntry));

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
