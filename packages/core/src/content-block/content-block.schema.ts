import * as z from 'zod';
import { entityId, expectedVersion, httpUrlOrEmpty, named, wholeCount } from '../shared.schema.ts';

export const contentBlockTypes = ['text', 'image', 'banner', 'video'] as const;
export type ContentBlockType = (typeof contentBlockTypes)[number];
export const maxBlocks = 200;

const urlMessage = 'Links must start with http:// or https://';
// SPEC §5: blocks are not validated beyond this; a missing value becomes ''.
const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).default('');
const blockId = z.string().trim().max(100).optional();

export const textBlock = z.object({ id: blockId, type: z.literal('text'), content: text(20_000) });
export const imageBlock = z.object({
  id: blockId,
  type: z.literal('image'),
  imageUrl: httpUrlOrEmpty(urlMessage).default(''),
  altText: text(500),
});
export const bannerBlock = z.object({
  id: blockId,
  type: z.literal('banner'),
  headline: text(500),
  backgroundImageUrl: httpUrlOrEmpty(urlMessage).default(''),
});
export const videoBlock = z.object({
  id: blockId,
  type: z.literal('video'),
  embedUrl: httpUrlOrEmpty(urlMessage).default(''),
  caption: text(500),
});

export const contentBlock = z.discriminatedUnion('type', [textBlock, imageBlock, bannerBlock, videoBlock], {
  error: 'Each block needs a type: text, image, banner or video',
});
export type ContentBlockInput = z.input<typeof contentBlock>;

/** A block as saved: every field filled in, with its id. */
export const savedContentBlock = named(
  'ContentBlock',
  z.discriminatedUnion('type', [
    z.object({ id: z.string(), type: z.literal('text'), content: z.string() }),
    z.object({ id: z.string(), type: z.literal('image'), imageUrl: z.string(), altText: z.string() }),
    z.object({ id: z.string(), type: z.literal('banner'), headline: z.string(), backgroundImageUrl: z.string() }),
    z.object({ id: z.string(), type: z.literal('video'), embedUrl: z.string(), caption: z.string() }),
  ]),
);
export type ContentBlock = z.output<typeof savedContentBlock>;

/** POST /api/events/{id}/content-blocks, contentBlocks.save: the whole ordered list. */
export const saveContentBlocksInput = z.object({
  eventId: entityId,
  blocks: z.array(contentBlock, { error: 'The body must be a list of blocks' }).max(maxBlocks, `At most ${maxBlocks} blocks per event`),
  version: expectedVersion,
});
export type SaveContentBlocksInput = z.input<typeof saveContentBlocksInput>;

/** contentBlocks.get and .save: an event's blocks in order (REST answers the bare list). */
export const contentBlocksInfo = z.object({ eventId: z.string(), blocks: z.array(savedContentBlock), version: wholeCount });
export type ContentBlocksInfo = z.output<typeof contentBlocksInfo>;
