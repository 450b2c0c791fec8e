import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { stripKeys } from '../db/query.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { upsertVersioned } from '../db/versioned.ts';
import { defaultCtaColor, type CtaInfo, type saveCtaInput } from './cta.schema.ts';
import type { Actor } from '../fn.ts';

export const fromItem = (item: Record<string, unknown>) => stripKeys(item) as unknown as CtaInfo;

/** An event's call to action, or undefined. */
export async function getCtaItem(db: Db, eventId: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.eventCta(eventId) }));
  return result.Item;
}

export async function upsertCtaItem(db: Db, input: z.output<typeof saveCtaInput>, actor: Actor, now = new Date()) {
  const { eventId, version, ...fields } = input;
  const item = await upsertVersioned(
    db,
    'This call to action was',
    keys.eventCta(eventId),
    { ...fields, eventId, updatedAt: now.toISOString() },
    { buttonColor: defaultCtaColor, ticketsCta: '' },
    version,
    {
      record: { actor, action: 'cta.save', entity: 'event', entityId: eventId, summary: 'Saved the call to action' },
      changes: (before, after) => diffFields(before, after, Object.keys(fields)),
    },
  );
  return fromItem(item);
}
