import * as z from 'zod';
import { entityId, expectedVersion, isoTime, named, wholeCount } from '../shared.schema.ts';

export const defaultCtaColor = '#3088D8';

export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Button colour must be a hex colour such as #3088D8');

/** POST /api/events/{id}/cta, cta.save. On creation only text and isCustom are sent. */
export const saveCtaInput = z.object({
  eventId: entityId,
  text: z.string().trim().min(1, 'Button text is required.').max(100, 'Button text must be at most 100 characters'),
  isCustom: z.boolean().default(false),
  buttonColor: hexColor.optional(),
  // no default: the creation save sends only text and isCustom, and must not clear it
  ticketsCta: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
  version: expectedVersion,
});
export type SaveCtaInput = z.input<typeof saveCtaInput>;

export const ctaInfo = named('CtaInfo', {
  eventId: z.string(),
  text: z.string(),
  isCustom: z.boolean(),
  buttonColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  ticketsCta: z.string(),
  updatedAt: isoTime,
  version: wholeCount,
});
export type CtaInfo = z.output<typeof ctaInfo>;

/** The CTA tab of the edit page. */
export const ctaEditForm = z.object({
  buttonText: z.string().trim().min(1, 'Button text is required.'),
  ticketsCta: z.string().optional(),
  buttonColor: hexColor,
});
export type CtaEditForm = z.infer<typeof ctaEditForm>;
