import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { upsertVersioned } from '../db/versioned.ts';
import { DomainError } from '../error.ts';
import type { ContentBlock, ContentBlocksInfo, saveContentBlocksInput } from './content-block.schema.ts';
import type { Actor } from '../fn.ts';

/** DynamoDB items stop at 400 KB; the list is one item, so it stays well under that. */
export const maxBlocksBytes = 350_000;

export function fromItem(item: Record<string, unknown> | undefined, eventId: string): ContentBlocksInfo {
  return {
    eventId,
    blocks: (item?.blocks as ContentBlock[] | undefined) ?? [],
    version: Number(item?.version ?? 0),
  };
}

/** An event's ordered content blocks (one item). */
export async function getBlocksItem(db: Db, eventId: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.eventBlocks(eventId) }));
  return result.Item;
}

/** Replaces the whole ordered list; blocks without an id (or with a repeated one) get a new one. */
export async function replaceBlocksItem(db: Db, input: z.output<typeof saveContentBlocksInput>, actor: Actor, now = new Date()) {
  const seen = new Set<string>();
  const blocks = input.blocks.map((block) => {
    const id = block.id && !seen.has(block.id) ? block.id : randomUUID();
    seen.add(id);
    return { ...block, id };
  });
  if (Buffer.byteLength(JSON.stringify(blocks)) > maxBlocksBytes) {
    throw new DomainError(
      'too_large',
      'These content blocks are too large to save together (350 KB at most). Shorten or remove some blocks.',
    );
  }
  const item = await upsertVersioned(
    db,
    'This list of content blocks was',
    keys.eventBlocks(input.eventId),
    { blocks, eventId: input.eventId, updatedAt: now.toISOString() },
    {},
    input.version,
    {
      record: { actor, action: 'blocks.save', entity: 'event', entityId: input.eventId, summary: `Saved ${blockCount(blocks)}` },
      // a summary, not the payload: a history record stays small
      changes: (before, after) => diffFields(summarize(before), summarize(after), ['blocks']),
    },
  );
  return fromItem(item, input.eventId);
}

const blockCount = (blocks: unknown) => {
  const n = Array.isArray(blocks) ? blocks.length : 0;
  return `${n} ${n === 1 ? 'block' : 'blocks'}`;
};

/** A list of blocks as its history shows it: how many, and their titles in order. */
function summarize(item: Record<string, unknown> | undefined) {
  if (!item) return { blocks: null };
  const titles = (Array.isArray(item.blocks) ? item.blocks : []).map((b: { title?: unknown; type?: unknown }) =>
    String(b.title || b.type || ''),
  );
  return { blocks: `${blockCount(item.blocks)}${titles.length ? `: ${titles.join(', ')}` : ''}` };
}
