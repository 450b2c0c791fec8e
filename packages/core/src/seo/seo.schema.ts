import * as z from 'zod';
import { eventStatuses } from '../event/event.rules.ts';
import { entityId, expectedVersion, httpUrlOrEmpty, isoTime, named, pageInput, wholeCount } from '../shared.schema.ts';

export const seoTitleMax = 60;
export const seoDescriptionMax = 160;
export const defaultOgType = 'website';
/** The Open Graph types the SEO form offers (https://ogp.me/#types); a stored other type stays selectable. */
export const ogTypes = ['website', 'article', 'profile', 'book', 'video.other', 'music.song'] as const;

const title = z.string().trim().max(seoTitleMax, 'SEO title should be under 60 characters');
const description = z.string().trim().max(seoDescriptionMax, 'Description should be under 160 characters');
const ogImageUrl = httpUrlOrEmpty('Must be a valid URL');

/**
 * POST /api/events/{id}/seo, seo.save. SPEC sends title, description and keywords; the OG fields
 * are optional and, when not sent, keep their stored values.
 */
export const saveSeoInput = z.object({
  eventId: entityId,
  title: title.default(''),
  description: description.default(''),
  keywords: z.string().trim().max(1000, 'Keywords must be at most 1000 characters').default(''),
  ogImageUrl: ogImageUrl.optional(),
  ogType: z.string().trim().max(50, 'Open Graph type must be at most 50 characters').optional(),
  version: expectedVersion,
});
export type SaveSeoInput = z.input<typeof saveSeoInput>;

/** seo.page: the SEO page's events, newest created first, searched by title on the server. */
export const seoPageInput = pageInput(25);
export type SeoPageInput = z.input<typeof seoPageInput>;

export const seoInfo = named('SeoInfo', {
  eventId: z.string(),
  /** the meta title */
  title: z.string(),
  description: z.string(),
  /** comma-separated */
  keywords: z.string(),
  ogImageUrl: z.string(),
  ogType: z.string(),
  updatedAt: isoTime,
  version: wholeCount,
});
export type SeoInfo = z.output<typeof seoInfo>;

/** An event as the SEO page lists it (SPEC's event-with-details view). */
export const eventWithDetails = named('EventWithDetails', {
  id: z.string(),
  title: z.string(),
  date: isoTime,
  status: z.enum(eventStatuses),
  /** SPEC's whole list (it keeps archived events): when it was archived, or null */
  archivedAt: isoTime.nullable().optional(),
  seo: z.object({ title: z.string(), description: z.string(), keywords: z.string() }).nullable(),
});
export type EventWithDetails = z.output<typeof eventWithDetails>;

/** The SEO tab of the edit page, and the SEO page's edit dialog. */
export const seoEditForm = z.object({
  metaTitle: z.string().trim().min(1, 'Meta title is required.').max(seoTitleMax, 'SEO title should be under 60 characters'),
  metaDescription: z
    .string()
    .trim()
    .min(1, 'Meta description is required.')
    .max(seoDescriptionMax, 'Description should be under 160 characters'),
  keywords: z.string().optional(),
  ogImageUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+/i.test(v), 'Must be a valid URL')
    .optional(),
  ogType: z.string().optional(),
});
export type SeoEditForm = z.infer<typeof seoEditForm>;
