/** SEO guidance targets (SPEC §5): titles 40-60 characters, descriptions 120-160. */
export const seoTargets = { title: { min: 40, max: 60 }, description: { min: 120, max: 160 } } as const;

export interface SeoFields {
  title?: string | null;
  description?: string | null;
  keywords?: string | null;
}

/** SPEC §9: 34 for a 40-60 title (20 if present), 33 for a 120-160 description (20 if present), 33 for keywords. */
export function seoScore(seo: SeoFields | null | undefined): number {
  if (!seo) return 0;
  const title = seo.title?.trim() ?? '';
  const description = seo.description?.trim() ?? '';
  let score = 0;
  if (title.length >= seoTargets.title.min && title.length <= seoTargets.title.max) score += 34;
  else if (title.length > 0) score += 20;
  if (description.length >= seoTargets.description.min && description.length <= seoTargets.description.max) score += 33;
  else if (description.length > 0) score += 20;
  if (splitKeywords(seo.keywords).length > 0) score += 33;
  return Math.min(100, score);
}

export type SeoScoreLabel = 'Excellent' | 'Good' | 'Fair' | 'Poor';

export function seoScoreLabel(score: number): SeoScoreLabel {
  if (score >= 90) return 'Excellent';
  if (score >= 70) return 'Good';
  if (score >= 40) return 'Fair';
  return 'Poor';
}

export function splitKeywords(keywords: string | null | undefined): string[] {
  return (keywords ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}
