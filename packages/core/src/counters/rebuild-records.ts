import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { customerDayIn } from '../customer/customer.repo.ts';
import type { Db } from '../db/client.ts';
import { failedConditions, retry, transact, withRetry, type TransactItem } from '../db/write.ts';
import { addUpdate, only } from './add.ts';
import type { DayGen } from './day-zone.ts';
import { dayKey, type DayMove } from './days.ts';
import { eventDayFigures, zoneDay, type DayFigure } from './figures.ts';
import { saleDayMoves, type SaleRecord } from './sale.ts';

// A rebuild's pass over the records (counters/rebuild.job.ts): each transaction and customer not
// yet counted in the generation being built gets its whole contribution added to that
// generation's folded day items, and is marked counted (`dayGen`), in one TransactWriteItems
// conditional on the record as read. A writer changing the record meanwhile (its own update is
// conditional on `dayGen` too) makes one of the two read again, so each state is counted once.

/** Which records a pass reads: transactions (their index's shards) or customers. */
export type RecordKind = 'transaction' | 'customer';

/** What one record adds to a generation's days. */
const movesOf = (kind: RecordKind, item: Record<string, unknown>, gen: DayGen): DayMove[] =>
  kind === 'transaction' ? saleDayMoves(item as unknown as SaleRecord) : [{ date: customerDayIn(item, gen), add: { newCustomers: 1 } }];

/** The record marked counted in `gen`, if it is still what was read (its day generation and, for a transaction, its version). */
function markCounted(kind: RecordKind, item: Record<string, unknown>, gen: number): TransactItem {
  const conditions = ['attribute_exists(pk)', item.dayGen === undefined ? 'attribute_not_exists(dayGen)' : 'dayGen = :seenGen'];
  if (kind === 'transaction') conditions.push(item.version === undefined ? 'attribute_not_exists(version)' : 'version = :seenVersion');
  return {
    Update: {
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: 'SET dayGen = :gen',
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: {
        ':gen': gen,
        ...(item.dayGen === undefined ? {} : { ':seenGen': item.dayGen }),
        ...(kind === 'transaction' && item.version !== undefined ? { ':seenVersion': item.version } : {}),
      },
    },
  };
}

/** Day moves added up per day item of a generation (folded items: no shard, as a past day's change writes). */
function sumByItem(moves: readonly DayMove[], { gen, zone }: DayGen) {
  const sums = new Map<string, { day: string; eventId?: string; add: Partial<Record<DayFigure, number>> }>();
  const addTo = (day: string, eventId: string | undefined, add: Partial<Record<DayFigure, number>>) => {
    const key = `${day}\u0000${eventId ?? ''}`;
    const sum = sums.get(key) ?? { day, ...(eventId ? { eventId } : {}), add: {} };
    for (const [name, n] of Object.entries(add) as [DayFigure, number][]) sum.add[name] = (sum.add[name] ?? 0) + n;
    sums.set(key, sum);
  };
  for (const move of moves) {
    const day = zoneDay(move.date, zone);
    addTo(day, undefined, move.add);
    if (move.eventId) addTo(day, move.eventId, only(eventDayFigures, move.add));
  }
  return [...sums.values()].flatMap(
    ({ day, eventId, add }) => addUpdate(dayKey(day, eventId, '', gen), add, { set: { date: day, ...(eventId ? { eventId } : {}) } }) ?? [],
  );
}

/** One record counted on its own, read again consistently first: after its batch lost a race. */
async function countOne(db: Db, kind: RecordKind, key: { pk: unknown; sk: unknown }, gen: DayGen) {
  return withRetry(async () => {
    const item = (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }))).Item;
    if (!item || Number(item.dayGen ?? 0) >= gen.gen) return 0;
    try {
      await transact(db, [markCounted(kind, item, gen.gen), ...sumByItem(movesOf(kind, item, gen), gen)]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return 1;
  });
}

/**
 * Counts a page of records into generation `gen`: those not counted there yet, many to a
 * TransactWriteItems (their marks and their day moves added up, 100 items at most). A batch
 * refused by a record that changed meanwhile is counted again record by record. Returns how many
 * records it counted.
 */
export async function countRecords(db: Db, kind: RecordKind, items: readonly Record<string, unknown>[], gen: DayGen) {
  const todo = items.filter((item) => Number(item.dayGen ?? 0) < gen.gen);
  let counted = 0;
  let batch: Record<string, unknown>[] = [];
  let moves: DayMove[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await transact(db, [...batch.map((item) => markCounted(kind, item, gen.gen)), ...sumByItem(moves, gen)]);
      counted += batch.length;
    } catch (error) {
      if (!failedConditions(error)?.length) throw error;
      for (const item of batch) counted += await countOne(db, kind, { pk: item.pk, sk: item.sk }, gen);
    }
    batch = [];
    moves = [];
  };
  for (const item of todo) {
    const own = movesOf(kind, item, gen);
    if (batch.length + 1 + sumByItem([...moves, ...own], gen).length > 100) await flush();
    batch.push(item);
    moves.push(...own);
  }
  await flush();
  return counted;
}
