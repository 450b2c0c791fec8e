import * as z from 'zod';
import { entityId, expectedVersion, httpUrlOrEmpty, pageInput } from '../shared.schema.ts';

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

export interface SeoInfo {
  eventId: string;
  /** the meta title */
  title: string;
  description: string;
  /** comma-separated */
  keywords: string;
  ogImageUrl: string;
  ogType: string;
  updatedAt: string;
  version: number;
}

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
