import { describe, expect, it } from 'vitest';
import { ctaEditForm, defaultCtaColor, saveCtaInput } from '@event-admin/core/cta/cta.schema';
import { blockPreview, isEmbeddableVideo } from '@event-admin/core/content-block/content-block.rules';
import { contentBlock, contentBlockTypes, saveContentBlocksInput } from '@event-admin/core/content-block/content-block.schema';
import { isHttpUrl } from '@event-admin/core/shared.schema';
import { chars, messageFor, messages } from './issues.ts';

const linkMessage = 'Links must start with http:// or https://';

describe('CTA edit form (SPEC §5)', () => {
  it('buttonText: required', () => {
    expect(messageFor(ctaEditForm, { buttonText: '', buttonColor: '#3088D8' }, 'buttonText')).toBe('Button text is required.');
    expect(messageFor(ctaEditForm, { buttonText: '   ', buttonColor: '#3088D8' }, 'buttonText')).toBe('Button text is required.');
    expect(messages(ctaEditForm, { buttonText: 'Buy', buttonColor: '#3088D8' })).toEqual([]);
  });

  it('the save input gives the same message, and defaults isCustom', () => {
    expect(messageFor(saveCtaInput, { eventId: 'e1', text: '' }, 'text')).toBe('Button text is required.');
    expect(saveCtaInput.parse({ eventId: 'e1', text: 'Register Now' }).isCustom).toBe(false);
  });

  it('the default colour is #3088D8, and colours are hex', () => {
    expect(defaultCtaColor).toBe('#3088D8');
    expect(messageFor(saveCtaInput, { eventId: 'e1', text: 'Go', buttonColor: 'red' }, 'buttonColor')).toBe(
      'Button colour must be a hex colour such as #3088D8',
    );
  });
});

describe('content blocks (SPEC §5: no validation, missing values become empty strings)', () => {
  it('has the four block types', () => {
    expect(contentBlockTypes).toEqual(['text', 'image', 'banner', 'video']);
  });

  it('fills missing values with empty strings', () => {
    expect(contentBlock.parse({ type: 'text' })).toEqual({ type: 'text', content: '' });
    expect(contentBlock.parse({ type: 'image' })).toEqual({ type: 'image', imageUrl: '', altText: '' });
    expect(contentBlock.parse({ type: 'banner' })).toEqual({ type: 'banner', headline: '', backgroundImageUrl: '' });
    expect(contentBlock.parse({ type: 'video' })).toEqual({ type: 'video', embedUrl: '', caption: '' });
  });

  it('accepts http and https links', () => {
    expect(messages(contentBlock, { type: 'image', imageUrl: 'http://example.com/a.png' })).toEqual([]);
    expect(messages(contentBlock, { type: 'banner', backgroundImageUrl: 'https://example.com/b.jpg' })).toEqual([]);
    expect(messages(contentBlock, { type: 'video', embedUrl: 'https://www.youtube.com/embed/x' })).toEqual([]);
  });

  it('refuses javascript:, data: and other schemes in every link field', () => {
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,hi', 'ftp://example.com/a', '//example.com/a']) {
      expect(messages(contentBlock, { type: 'image', imageUrl: bad }), bad).toEqual([linkMessage]);
      expect(messages(contentBlock, { type: 'banner', backgroundImageUrl: bad }), bad).toEqual([linkMessage]);
      expect(messages(contentBlock, { type: 'video', embedUrl: bad }), bad).toEqual([linkMessage]);
    }
    expect(isHttpUrl('https://example.com')).toBe(true);
    expect(isHttpUrl('http://')).toBe(false);
  });

  it('refuses a block without a known type', () => {
    expect(messages(contentBlock, { type: 'poll' })).toEqual(['Each block needs a type: text, image, banner or video']);
  });

  it('saves a list of at most 200 blocks', () => {
    const blocks = Array.from({ length: 201 }, () => ({ type: 'text' as const }));
    expect(messageFor(saveContentBlocksInput, { eventId: 'e1', blocks }, 'blocks')).toBe('At most 200 blocks per event');
    expect(messages(saveContentBlocksInput, { eventId: 'e1', blocks: blocks.slice(1) })).toEqual([]);
  });
});

describe('text block preview (SPEC §9: truncated at 40 characters)', () => {
  it('keeps 40 characters or fewer whole', () => {
    expect(blockPreview(chars(40))).toBe(chars(40));
    expect(blockPreview('Hello')).toBe('Hello');
    expect(blockPreview('')).toBe('');
  });

  it('cuts longer text at 40 characters', () => {
    const text = `${chars(40, 'x')}yz`;
    expect(blockPreview(text)).toBe(`${chars(40, 'x')}...`);
    expect(blockPreview(chars(41)).startsWith(chars(40))).toBe(true);
    expect(blockPreview(chars(41))).not.toContain(chars(41));
  });
});

describe('video embedding', () => {
  it('embeds only https addresses', () => {
    expect(isEmbeddableVideo('https://player.vimeo.com/video/1')).toBe(true);
    expect(isEmbeddableVideo('http://player.vimeo.com/video/1')).toBe(false);
    expect(isEmbeddableVideo('javascript:alert(1)')).toBe(false);
  });
});
