import * as z from 'zod';
import { isoTime, named } from '../shared.schema.ts';

export const apiTokenScopes = ['read', 'write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];
export const maxTokenDays = 365;

const expiryMessage = `Expiry must be a whole number of days from 1 to ${maxTokenDays}`;

/** POST /api/tokens and the Create API token form. Without `expiresInDays` a token does not expire. */
export const createApiTokenInput = z.object({
  name: z
    .string({ error: 'Token name is required' })
    .trim()
    .min(1, 'Token name is required')
    .max(100, 'Token name must be at most 100 characters'),
  scope: z.enum(apiTokenScopes, { error: 'Scope must be read or write' }),
  expiresInDays: z.number({ error: expiryMessage }).int(expiryMessage).min(1, expiryMessage).max(maxTokenDays, expiryMessage).optional(),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

/** DELETE /api/tokens/{id} */
export const revokeApiTokenInput = z.object({ id: z.string().trim().min(1, 'Token id is required').max(100, 'Token id is too long') });

const apiTokenFields = {
  id: z.string(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
  createdAt: isoTime,
  /** null: it does not expire */
  expiresAt: isoTime.nullable(),
};

/** A token as listed: never its value. */
export const apiTokenInfo = named('ApiTokenInfo', apiTokenFields);
export type ApiTokenInfo = z.output<typeof apiTokenInfo>;

/** The answer to creating one: the value, shown this once. */
export const createdApiToken = named('CreatedApiToken', { ...apiTokenFields, token: z.string() });
export type CreatedApiToken = z.output<typeof createdApiToken>;
