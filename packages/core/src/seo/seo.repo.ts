import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, stripKeys } from '../db/query.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { upsertVersioned } from '../db/versioned.ts';
import { defaultOgType, type saveSeoInput, type SeoInfo } from './seo.schema.ts';
import type { Actor } from '../fn.ts';

export const fromItem = (item: Record<string, unknown>) => stripKeys(item) as unknown as SeoInfo;

/** An event's SEO record (edit page), or undefined. */
export async function getSeoItem(db: Db, eventId: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.eventSeo(eventId) }));
  return result.Item;
}

/** The SEO records of many events at once (events with details, the SEO page): BatchGetItem. */
export function getSeoItems(db: Db, eventIds: string[]) {
  return batchGet(db, eventIds.map(keys.eventSeo));
}

/** An event's SEO as lists show it (SPEC's event-with-details view: title, description, keywords). */
export function seoSummary(item: Record<string, unknown>): Pick<SeoInfo, 'title' | 'description' | 'keywords'> {
  const seo = fromItem(item);
  return { title: seo.title, description: seo.description, keywords: seo.keywords };
}

export async function upsertSeoItem(db: Db, input: z.output<typeof saveSeoInput>, actor: Actor, now = new Date()) {
  const { eventId, version, ...fields } = input;
  const item = await upsertVersioned(
    db,
    'This SEO data was',
    keys.eventSeo(eventId),
    { ...fields, eventId, updatedAt: now.toISOString() },
    { ogImageUrl: '', ogType: defaultOgType },
    version,
    {
      record: { actor, action: 'seo.save', entity: 'event', entityId: eventId, summary: 'Saved the SEO settings' },
      changes: (before, after) => diffFields(before, after, ['title', 'description', 'keywords', 'ogImageUrl', 'ogType']),
    },
  );
  return fromItem(item);
}

/** The item a first save of these fields stores (bulk loads write it with BatchWriteItem). */
export function seoItem(input: z.output<typeof saveSeoInput>, now = new Date()) {
  const { eventId, version, ...fields } = input;
  return {
    ...keys.eventSeo(eventId),
    ogImageUrl: '',
    ogType: defaultOgType,
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    eventId,
    updatedAt: now.toISOString(),
    version: 1,
  };
}
