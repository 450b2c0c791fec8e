import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll } from '../db/query.ts';
import type { TransactItem } from '../db/write.ts';
import { notFound } from '../error.ts';
import { eventPool } from '../capacity/pool.ts';
import { poolHead } from '../capacity/pool-read.ts';

/** A ticket type as stored: its price in cents, its pool's shard count and version beside its fields. */
export interface TicketTypeItem {
  id: string;
  eventId: string;
  name: string;
  priceCents: number;
  quantity: number | null;
  salesStart: string | null;
  salesEnd: string | null;
  minPerOrder: number;
  maxPerOrder: number;
  position: number;
  shards: number;
  poolVersion: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const asType = (item: Record<string, unknown>) => item as unknown as TicketTypeItem;

/** Display order: by position, then by creation. */
const typeOrder = (a: TicketTypeItem, b: TicketTypeItem) => a.position - b.position || a.createdAt.localeCompare(b.createdAt);

/** An event's ticket types in display order: one Query of its partition's `TYPE#` items. */
export async function eventTicketTypeItems(db: Db, eventId: string, consistent = true): Promise<TicketTypeItem[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :type)',
    ExpressionAttributeValues: { ':pk': keys.event(eventId).pk, ':type': keys.ticketTypePrefix },
    ConsistentRead: consistent,
  });
  return items.map(asType).sort(typeOrder);
}

/** One ticket type by its id alone (PUT, DELETE /api/ticket-types/{id}): its pointer names the event. */
export async function getTicketTypeItem(db: Db, id: string): Promise<TicketTypeItem> {
  const get = (key: { pk: string; sk: string }) => db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  const pointer = (await get(keys.ticketTypePointer(id))).Item;
  const item = pointer && (await get(keys.ticketType(String(pointer.eventId), id))).Item;
  if (!item) throw notFound('Ticket type');
  return asType(item);
}

/**
 * What a sale reads first: the event, its capacity (the head of its pool) and its ticket types, in
 * ONE Query of the event's partition from `CAPACITY` on (CAPACITY, CTA, EVENT, SEO, TYPE#...: the
 * page blocks, which sort before, are left out). An order is the busiest write of an on-sale, and
 * each request it saves is a round trip less for every buyer. Consistent unless told: an order path
 * may read eventually consistent (half the cost on the hottest partition of an on-sale) and read
 * again consistently before it calls a ticket type unknown.
 */
export async function readSale(db: Db, eventId: string, consistent = true) {
  const { pk } = keys.event(eventId);
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': pk, ':from': keys.capacity(eventId).sk },
    ConsistentRead: consistent,
  });
  const bySk = (sk: string) => items.find((item) => item.sk === sk);
  const types = items
    .filter((item) => String(item.sk).startsWith(keys.ticketTypePrefix))
    .map(asType)
    .sort(typeOrder);
  return { event: bySk(keys.event(eventId).sk), capacity: poolHead(eventPool, bySk(keys.capacity(eventId).sk)), types };
}
export type Sale = Awaited<ReturnType<typeof readSale>>;

/** A new type and its id's pointer, both refused if the id is taken. */
export function ticketTypePuts(item: TicketTypeItem): TransactItem[] {
  return [
    { Put: { Item: { ...keys.ticketType(item.eventId, item.id), ...item }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: { ...keys.ticketTypePointer(item.id), eventId: item.eventId }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/** Sets fields of a type, only if it is still at the version read; bumps the version. */
export function ticketTypeUpdate(item: TicketTypeItem, fields: Partial<TicketTypeItem>): TransactItem {
  const names = Object.keys(fields);
  return {
    Update: {
      Key: keys.ticketType(item.eventId, item.id),
      UpdateExpression: `SET ${[...names.map((n) => `#${n} = :${n}`), '#version = :next'].join(', ')}`,
      ConditionExpression: '#version = :seen',
      ExpressionAttributeNames: Object.fromEntries([...names, 'version'].map((n) => [`#${n}`, n])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((n) => [`:${n}`, (fields as Record<string, unknown>)[n]])),
        ':next': item.version + 1,
        ':seen': item.version,
      },
    },
  };
}

/** A type and its pointer away, if the type is still at the version read. */
export function ticketTypeDeletes(item: TicketTypeItem): TransactItem[] {
  return [
    {
      Delete: {
        Key: keys.ticketType(item.eventId, item.id),
        ConditionExpression: 'version = :seen',
        ExpressionAttributeValues: { ':seen': item.version },
      },
    },
    { Delete: { Key: keys.ticketTypePointer(item.id) } },
  ];
}

/** The capacity item's write: created with the event's pool, then changed only from the version read. */
export function capacityWrite(
  eventId: string,
  head: ReturnType<typeof poolHead>,
  fields: { capacity: number | null; shards: number; poolVersion: number },
): TransactItem {
  if (!head) {
    return {
      Put: { Item: { ...keys.capacity(eventId), eventId, ...fields, version: 1 }, ConditionExpression: 'attribute_not_exists(pk)' },
    };
  }
  const seen = Number(head.item.version ?? 0);
  return {
    Update: {
      Key: keys.capacity(eventId),
      UpdateExpression: 'SET #capacity = :capacity, shards = :shards, poolVersion = :poolVersion, version = :next',
      ConditionExpression: 'version = :seen',
      ExpressionAttributeNames: { '#capacity': 'capacity' },
      ExpressionAttributeValues: {
        ':capacity': fields.capacity,
        ':shards': fields.shards,
        ':poolVersion': fields.poolVersion,
        ':next': seen + 1,
        ':seen': seen,
      },
    },
  };
}
