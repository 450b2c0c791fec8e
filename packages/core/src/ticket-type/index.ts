import { randomUUID } from 'node:crypto';
import { auditPut, type AuditInput } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { planLimit } from '../capacity/limit.ts';
import { deletePoolItem, eventPool } from '../capacity/pool.ts';
import { poolHead } from '../capacity/pool-read.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { failedConditions, retry, transact, withRetry } from '../db/write.ts';
import { DomainError, notFound, staleVersion } from '../error.ts';
import { fn, type Actor } from '../fn.ts';
import { idempotencyOf, writeOnce } from '../idempotency/idempotency.repo.ts';
import { parseAmountToCents } from '../transaction/money.ts';
import { availabilityOf, readCounts, ticketTypeInfo } from './availability.ts';
import {
  capacityWrite,
  eventTicketTypeItems,
  getTicketTypeItem,
  readSale,
  ticketTypeDeletes,
  ticketTypePuts,
  ticketTypeUpdate,
  type TicketTypeItem,
} from './ticket-type.repo.ts';
import {
  createTicketTypeInput,
  eventTicketTypesInput,
  maxTicketTypes,
  reorderTicketTypesInput,
  ticketTypeIdInput,
  ticketTypeProblems,
  updateTicketTypeInput,
  type TicketTypeInfo,
} from './ticket-type.schema.ts';

/** Fields of a type its history records follow. */
const recorded = ['name', 'price', 'quantity', 'salesStart', 'salesEnd', 'minPerOrder', 'maxPerOrder'] as const;
const shown = (item: TicketTypeItem | undefined) => item && ticketTypeInfo(item, { sold: 0, held: 0 }, null);

/** A ticket type's history record, filed under its event (the event page's History tab shows it). */
function typeRecord(
  actor: Actor,
  action: string,
  summary: string,
  before: TicketTypeItem | undefined,
  after: TicketTypeItem | undefined,
): AuditInput {
  const eventId = (after ?? before)!.eventId;
  return { actor, action, entity: 'event', entityId: eventId, summary, changes: diffFields(shown(before), shown(after) ?? {}, recorded) };
}

const isoOrNull = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** GET /api/events/{id}/ticket-types: in display order, with their figures as they stand. */
export const list = fn(eventTicketTypesInput, async (db, { eventId }) => {
  const figures = await readCounts(db, eventId);
  return figures.types.map(({ type, counts, available }) => ticketTypeInfo(type, counts, available));
});

/** GET /api/events/{id}/availability */
export const availability = fn(eventTicketTypesInput, async (db, { eventId }) => availabilityOf(await readCounts(db, eventId)));

/** The event's pool, made (unlimited) with its first ticket type, when it has none yet. */
async function ensureEventPool(db: Db, eventId: string) {
  const plan = await planLimit(db, eventId, eventPool, undefined, null, 'Capacity');
  try {
    await transact(db, [
      capacityWrite(eventId, undefined, { capacity: null, shards: plan.shards, poolVersion: plan.poolVersion }),
      ...plan.items,
    ]);
  } catch (error) {
    if (!failedConditions(error)?.length) throw error; // made by another call meanwhile
  }
}

/** POST /api/events/{id}/ticket-types: the type, its pool and its history record in one transaction; last in display order. */
export const create = fn(createTicketTypeInput, async (db, input, actor) => {
  return writeOnce<TicketTypeInfo>(db, idempotencyOf('ticketTypes.create', input, actor), async (keep) => {
    const now = new Date();
    const sale = await readSale(db, input.eventId);
    if (!sale.event) throw notFound('Event');
    if (sale.types.length >= maxTicketTypes) throw new DomainError('conflict', `An event has at most ${maxTicketTypes} ticket types`);
    if (!sale.capacity) await ensureEventPool(db, input.eventId);
    const id = randomUUID();
    const quantity = input.quantity ?? null;
    const plan = await planLimit(db, input.eventId, id, undefined, quantity, 'Quantity');
    const item: TicketTypeItem = {
      id,
      eventId: input.eventId,
      name: input.name,
      priceCents: parseAmountToCents(input.price)!,
      quantity,
      salesStart: isoOrNull(input.salesStart),
      salesEnd: isoOrNull(input.salesEnd),
      minPerOrder: input.minPerOrder,
      maxPerOrder: input.maxPerOrder,
      position: Math.max(-1, ...sale.types.map((t) => t.position)) + 1,
      shards: plan.shards,
      poolVersion: plan.poolVersion,
      version: 1,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    const eventFree = (await readCounts(db, input.eventId, now)).event.free;
    const answer = ticketTypeInfo(item, { sold: 0, held: 0 }, quantity === null ? eventFree : Math.min(quantity, eventFree ?? quantity));
    try {
      await transact(db, [
        ...ticketTypePuts(item),
        ...plan.items,
        auditPut(typeRecord(actor, 'ticket_type.create', `Added the ticket type ${item.name}`, undefined, item), now),
        ...keep(answer),
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return answer;
  });
});

/** The type's figures after a change, read as they stand. */
async function current(db: Db, eventId: string, id: string) {
  const found = (await list(db, { eventId })).find((type) => type.id === id);
  if (!found) throw notFound('Ticket type');
  return found;
}

/**
 * PUT /api/ticket-types/{id}: fields left out keep their values. A new quantity moves the type's
 * pool in the same transaction (refused below what is sold and held); a stale version is a 409.
 */
export const update = fn(updateTicketTypeInput, async (db, input, actor) => {
  const saved = await withRetry(async () => {
    const now = new Date();
    const before = await getTicketTypeItem(db, input.id);
    if (input.version !== undefined && input.version !== before.version) throw staleVersion('This ticket type was');
    const fields: Partial<TicketTypeItem> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.price !== undefined ? { priceCents: parseAmountToCents(input.price)! } : {}),
      ...(input.salesStart !== undefined ? { salesStart: isoOrNull(input.salesStart) } : {}),
      ...(input.salesEnd !== undefined ? { salesEnd: isoOrNull(input.salesEnd) } : {}),
      ...(input.minPerOrder !== undefined ? { minPerOrder: input.minPerOrder } : {}),
      ...(input.maxPerOrder !== undefined ? { maxPerOrder: input.maxPerOrder } : {}),
      updatedAt: now.toISOString(),
    };
    const after = { ...before, ...fields };
    const problem = ticketTypeProblems(after)[0];
    if (problem) throw new DomainError('invalid', problem.message);
    const quantity = input.quantity === undefined ? before.quantity : input.quantity;
    const plan =
      quantity === before.quantity
        ? null
        : await planLimit(
            db,
            before.eventId,
            before.id,
            poolHead(before.id, before as unknown as Record<string, unknown>),
            quantity,
            'Quantity',
            now,
          );
    if (plan) Object.assign(fields, { quantity, shards: plan.shards, poolVersion: plan.poolVersion });
    try {
      await transact(db, [
        ticketTypeUpdate(before, fields),
        ...(plan?.items ?? []),
        auditPut(typeRecord(actor, 'ticket_type.update', `Edited the ticket type ${after.name}`, before, { ...after, ...fields }), now),
      ]);
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed?.length) throw error;
      if (failed.includes(0) && input.version !== undefined) throw staleVersion('This ticket type was');
      return retry;
    }
    return before;
  });
  return current(db, saved.eventId, saved.id);
});

/** DELETE /api/ticket-types/{id}: only a type that never sold or held a ticket (its pool's shards say), with its pool. */
export const remove = fn(ticketTypeIdInput, async (db, input, actor) => {
  const item = await getTicketTypeItem(db, input.id);
  if (input.version !== undefined && input.version !== item.version) throw staleVersion('This ticket type was');
  const pool = Array.from({ length: item.shards }, (_, shard) => deletePoolItem(item.eventId, item.id, shard));
  try {
    await transact(db, [
      ...ticketTypeDeletes(item),
      ...pool,
      auditPut(typeRecord(actor, 'ticket_type.delete', `Deleted the ticket type ${item.name}`, item, undefined)),
    ]);
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed?.length) throw error;
    if (failed.some((i) => i >= 2)) throw new DomainError('conflict', 'This ticket type has sales; end its sales instead');
    throw staleVersion('This ticket type was');
  }
});

/** POST /api/events/{id}/ticket-types/order: every type of the event, once each, in the new display order. */
export const reorder = fn(reorderTicketTypesInput, async (db, { eventId, ids }, actor) => {
  const types = await eventTicketTypeItems(db, eventId);
  if (!types.length && !(await readSale(db, eventId)).event) throw notFound('Event');
  const known = new Set(types.map((t) => t.id));
  if (ids.some((id) => !known.has(id))) throw new DomainError('invalid', 'Unknown ticket type');
  if (new Set(ids).size !== ids.length || ids.length !== types.length) {
    throw new DomainError('invalid', 'The order must name every ticket type of the event once');
  }
  await transact(db, [
    ...ids.map((id, position) => ({
      Update: {
        Key: keys.ticketType(eventId, id),
        UpdateExpression: 'SET #position = :position',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#position': 'position' },
        ExpressionAttributeValues: { ':position': position },
      },
    })),
    auditPut({ actor, action: 'ticket_type.reorder', entity: 'event', entityId: eventId, summary: 'Reordered the ticket types' }),
  ]);
  return list(db, { eventId });
});

export { setCapacity } from './capacity.ts';
