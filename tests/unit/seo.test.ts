import { describe, expect, it } from 'vitest';
import { defaultOgType, ogTypes, saveSeoInput, seoEditForm } from '@event-admin/core/seo/seo.schema';
import { seoScore, seoScoreLabel, seoTargets, splitKeywords } from '@event-admin/core/seo/seo.rules';
import { chars, messageFor, messages } from './issues.ts';

describe('SEO edit form (SPEC §5)', () => {
  const valid = { metaTitle: 'A title', metaDescription: 'A description', keywords: 'a, b', ogImageUrl: '', ogType: 'website' };

  it('offers one list of Open Graph types, the default first, each short enough for the API', () => {
    expect(ogTypes[0]).toBe(defaultOgType);
    expect(new Set(ogTypes).size).toBe(ogTypes.length);
    for (const ogType of ogTypes) expect(saveSeoInput.safeParse({ eventId: 'e1', ogType }).success).toBe(true);
  });

  it('accepts a complete form, with an empty image URL', () => {
    expect(messages(seoEditForm, valid)).toEqual([]);
  });

  it('metaTitle: required', () => {
    expect(messageFor(seoEditForm, { ...valid, metaTitle: '' }, 'metaTitle')).toBe('Meta title is required.');
  });

  it('metaDescription: required', () => {
    expect(messageFor(seoEditForm, { ...valid, metaDescription: '' }, 'metaDescription')).toBe('Meta description is required.');
  });

  it('ogImageUrl: a valid URL or empty', () => {
    for (const bad of ['not a url', 'javascript:alert(1)', 'ftp://example.com/a.png']) {
      expect(messageFor(seoEditForm, { ...valid, ogImageUrl: bad }, 'ogImageUrl'), bad).toBe('Must be a valid URL');
    }
    expect(messageFor(seoEditForm, { ...valid, ogImageUrl: 'https://example.com/og.png' }, 'ogImageUrl')).toBeUndefined();
  });

  it('keeps the create limits of 60 and 160 characters', () => {
    expect(messageFor(seoEditForm, { ...valid, metaTitle: chars(61) }, 'metaTitle')).toBe('SEO title should be under 60 characters');
    expect(messageFor(seoEditForm, { ...valid, metaDescription: chars(161) }, 'metaDescription')).toBe(
      'Description should be under 160 characters',
    );
  });
});

describe('SEO save input', () => {
  it('takes title, description and keywords only, the rest defaulted', () => {
    const parsed = saveSeoInput.parse({ eventId: 'e1', title: 'T' });
    expect(parsed).toMatchObject({ eventId: 'e1', title: 'T', description: '', keywords: '' });
    expect(defaultOgType).toBe('website');
  });

  it('refuses over-long fields and a javascript: image with SPEC words', () => {
    expect(messageFor(saveSeoInput, { eventId: 'e1', title: chars(61) }, 'title')).toBe('SEO title should be under 60 characters');
    expect(messageFor(saveSeoInput, { eventId: 'e1', description: chars(161) }, 'description')).toBe(
      'Description should be under 160 characters',
    );
    expect(messageFor(saveSeoInput, { eventId: 'e1', ogImageUrl: 'javascript:alert(1)' }, 'ogImageUrl')).toBe('Must be a valid URL');
  });
});

describe('SEO score (SPEC §9)', () => {
  const title40 = chars(40);
  const description120 = chars(120);

  it('is 0 when there is no SEO record', () => {
    expect(seoScore(null)).toBe(0);
    expect(seoScore(undefined)).toBe(0);
    expect(seoScore({})).toBe(0);
  });

  it('gives 34 to a 40-60 character title, 20 to any other present title', () => {
    expect(seoTargets.title).toEqual({ min: 40, max: 60 });
    expect(seoScore({ title: chars(40) })).toBe(34);
    expect(seoScore({ title: chars(60) })).toBe(34);
    expect(seoScore({ title: chars(39) })).toBe(20);
    expect(seoScore({ title: chars(61) })).toBe(20);
    expect(seoScore({ title: 'x' })).toBe(20);
    expect(seoScore({ title: '' })).toBe(0);
  });

  it('gives 33 to a 120-160 character description, 20 to any other present description', () => {
    expect(seoTargets.description).toEqual({ min: 120, max: 160 });
    expect(seoScore({ description: chars(120) })).toBe(33);
    expect(seoScore({ description: chars(160) })).toBe(33);
    expect(seoScore({ description: chars(119) })).toBe(20);
    expect(seoScore({ description: chars(161) })).toBe(20);
    expect(seoScore({ description: '' })).toBe(0);
  });

  it('gives 33 when there are any keywords', () => {
    expect(seoScore({ keywords: 'music' })).toBe(33);
    expect(seoScore({ keywords: 'music, live, jazz' })).toBe(33);
    expect(seoScore({ keywords: '' })).toBe(0);
    expect(seoScore({ keywords: ' , ,' })).toBe(0);
  });

  it('reaches at most 100', () => {
    expect(seoScore({ title: title40, description: description120, keywords: 'a' })).toBe(100);
    expect(seoScore({ title: 'short', description: 'short', keywords: 'a' })).toBe(73);
    expect(seoScore({ title: title40, description: 'short', keywords: '' })).toBe(54);
  });
});

describe('SEO score label (SPEC §4)', () => {
  it.each([
    [100, 'Excellent'],
    [90, 'Excellent'],
    [89, 'Good'],
    [70, 'Good'],
    [69, 'Fair'],
    [40, 'Fair'],
    [39, 'Poor'],
    [0, 'Poor'],
  ] as const)('%i is %s', (score, label) => {
    expect(seoScoreLabel(score)).toBe(label);
  });
});

describe('keywords', () => {
  it('splits comma-separated text, trimming and dropping empties', () => {
    expect(splitKeywords(' music , live,,jazz ')).toEqual(['music', 'live', 'jazz']);
    expect(splitKeywords(null)).toEqual([]);
  });
});
