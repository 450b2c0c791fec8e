// What the code writes, seen from the DynamoDB client itself: a middleware on a Db's client that,
// for every write command (PutItem, UpdateItem, DeleteItem, BatchWriteItem and each item of a
// TransactWriteItems), records the table partition written and, for every index of
// core/db/table.ts, the index partitions the write touches; it also asks for
// ReturnConsumedCapacity INDEXES and keeps what DynamoDB reports, and prices each write by
// DynamoDB's documented rules (1 WCU per started KB of the item, each index write likewise on the
// projected entry, transactional writes twice). Before and after images come from a second client
// that carries no middleware (ConsistentRead GetItem), so the tap never sees its own reads.
// It is a measuring device for one writer at a time: with writers in parallel, the images of one
// write could include another's changes.
import { DynamoDBClient, GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Db } from '@event-admin/core/db/client';
import { keys } from '@event-admin/core/db/keys';
import { tableDefinition } from '@event-admin/core/db/table';

type Item = Record<string, AttributeValue>;

/** An index as the tap reads it: `projection` is optional (ALL when absent), so this compiles before and after it exists. */
interface IndexView {
  hashKey: string;
  rangeKey?: string;
  projection?: { type: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; attributes?: readonly string[] };
}
const indexes = Object.entries(tableDefinition.globalIndexes as Readonly<Record<string, IndexView>>);
const tableKeys = [tableDefinition.primaryIndex.hashKey, tableDefinition.primaryIndex.rangeKey];
const barrierPk = keys.localWriteBarrier().pk;

/** One partition written: 'table' or 'index:gsi1', its partition key value, and the write units DynamoDB's rules give it. */
export interface PartitionWrite {
  target: string;
  pk: string;
  /** 'put', 'update', 'delete' (an index entry removed), or 'check' (a ConditionCheck: no write) */
  kind: 'put' | 'update' | 'delete' | 'check';
  units: number;
}

/** What one command consumed, as DynamoDB reported it (ReturnConsumedCapacity INDEXES). */
export interface Reported {
  total: number;
  table: number;
  indexes: Record<string, number>;
}

export interface TapRecord {
  command: string;
  writes: PartitionWrite[];
  reported: Reported;
}

interface Target {
  table: string;
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  key: Item;
  transactional: boolean;
}

interface ConsumedCapacity {
  TableName?: string;
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

/** Write commands by the names the client gives them (the document client's names, then DynamoDB's). */
const writeCommands: Record<string, string> = {
  PutCommand: 'PutItem',
  UpdateCommand: 'UpdateItem',
  DeleteCommand: 'DeleteItem',
  TransactWriteCommand: 'TransactWriteItems',
  BatchWriteCommand: 'BatchWriteItem',
  PutItemCommand: 'PutItem',
  UpdateItemCommand: 'UpdateItem',
  DeleteItemCommand: 'DeleteItem',
  TransactWriteItemsCommand: 'TransactWriteItems',
  BatchWriteItemCommand: 'BatchWriteItem',
};

/** Adds the tap to `db`'s client (only `db.tableName` is recorded); `take` hands over and clears what it recorded. */
export function tapWrites(db: Db, endpoint: string) {
  const reader = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  let records: TapRecord[] = [];
  const read = async (key: Item) =>
    (await reader.send(new GetItemCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }))).Item;

  // Asked for before the document client marshals the input (the field is the same in both forms).
  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      if (writeCommands[String(context.commandName)])
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'INDEXES';
      return next(args);
    },
    { step: 'initialize', name: 'benchWriteTapCapacity', override: true },
  );
  // At the build step every input is in DynamoDB's own form (AttributeValues), whichever client sent it.
  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const command = writeCommands[String(context.commandName)];
      if (!command) return next(args);
      const targets = writeTargets(command, args.input as Record<string, unknown>).filter(
        (t) => t.table === db.tableName && t.key.pk?.S !== barrierPk,
      );
      if (targets.length === 0) return next(args);
      const before = await Promise.all(targets.map((t) => read(t.key)));
      const result = await next(args);
      const after = await Promise.all(targets.map((t) => (t.kind === 'Delete' ? undefined : read(t.key))));
      const writes = targets.flatMap((t, i) => partitionWrites(t, before[i], after[i]));
      records.push({
        command,
        writes,
        reported: reported((result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity, db.tableName),
      });
      return result;
    },
    { step: 'build', name: 'benchWriteTap', override: true },
  );
  return {
    take() {
      const taken = records;
      records = [];
      return taken;
    },
    close: () => reader.destroy(),
  };
}

function writeTargets(command: string, input: Record<string, unknown>): Target[] {
  const table = String(input.TableName ?? '');
  if (command === 'PutItem') return [{ table, kind: 'Put', key: keyOf(input.Item as Item), transactional: false }];
  if (command === 'UpdateItem') return [{ table, kind: 'Update', key: input.Key as Item, transactional: false }];
  if (command === 'DeleteItem') return [{ table, kind: 'Delete', key: input.Key as Item, transactional: false }];
  if (command === 'TransactWriteItems') {
    return ((input.TransactItems ?? []) as Record<string, { TableName?: string; Key?: Item; Item?: Item }>[]).map((entry) => {
      const [[kind, body]] = Object.entries(entry) as [[Target['kind'], { TableName?: string; Key?: Item; Item?: Item }]];
      return { table: String(body.TableName ?? ''), kind, key: body.Key ?? keyOf(body.Item!), transactional: true };
    });
  }
  const requests = (input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>;
  return Object.entries(requests).flatMap(([name, list]) =>
    list.map((r): Target =>
      r.PutRequest
        ? { table: name, kind: 'Put', key: keyOf(r.PutRequest.Item), transactional: false }
        : { table: name, kind: 'Delete', key: r.DeleteRequest!.Key, transactional: false },
    ),
  );
}

const keyOf = (item: Item): Item => Object.fromEntries(tableKeys.map((name) => [name, item[name]!]));

/** The table write and the index writes of one target, from the item before and after it. */
function partitionWrites(target: Target, before: Item | undefined, after: Item | undefined): PartitionWrite[] {
  const factor = target.transactional ? 2 : 1;
  const pk = String(target.key[tableDefinition.primaryIndex.hashKey]?.S ?? '');
  if (target.kind === 'ConditionCheck') return [{ target: 'table', pk, kind: 'check', units: 0 }];
  const tableUnits = Math.max(1, Math.ceil(Math.max(itemSize(before), itemSize(after)) / 1024)) * factor;
  const writes: PartitionWrite[] = [
    { target: 'table', pk, kind: before && after ? 'update' : after ? 'put' : 'delete', units: tableUnits },
  ];
  const changed = changedAttributes(before, after);
  for (const [name, index] of indexes) {
    const oldKey = indexKey(index, before);
    const newKey = indexKey(index, after);
    const target = `index:${name}`;
    const units = (item: Item) => Math.max(1, Math.ceil(projectedSize(index, item) / 1024)) * factor;
    if (oldKey !== undefined && newKey !== undefined && oldKey.full === newKey.full) {
      const projection = index.projection?.type ?? 'ALL';
      const touched =
        projection === 'ALL'
          ? changed.size > 0
          : projection === 'INCLUDE' && (index.projection?.attributes ?? []).some((attribute) => changed.has(attribute));
      if (touched) writes.push({ target, pk: newKey.pk, kind: 'update', units: units(after!) });
      continue;
    }
    if (oldKey !== undefined) writes.push({ target, pk: oldKey.pk, kind: 'delete', units: units(before!) });
    if (newKey !== undefined) writes.push({ target, pk: newKey.pk, kind: 'put', units: units(after!) });
  }
  return writes;
}

/** The index's key of an item, when the item has one (an index holds only items carrying its key attributes). */
function indexKey(index: IndexView, item: Item | undefined) {
  const pk = item?.[index.hashKey]?.S;
  if (pk === undefined) return undefined;
  const sk = index.rangeKey === undefined ? '' : item![index.rangeKey]?.S;
  if (sk === undefined) return undefined;
  return { pk, full: `${pk}\u0000${sk}` };
}

function changedAttributes(before: Item | undefined, after: Item | undefined) {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return new Set([...names].filter((name) => JSON.stringify(before?.[name]) !== JSON.stringify(after?.[name])));
}

/** An index entry's size: the table's and the index's keys, plus what the index projects. */
function projectedSize(index: IndexView, item: Item) {
  const projection = index.projection?.type ?? 'ALL';
  if (projection === 'ALL') return itemSize(item);
  const names = new Set([...tableKeys, index.hashKey, ...(index.rangeKey ? [index.rangeKey] : [])]);
  if (projection === 'INCLUDE') for (const name of index.projection?.attributes ?? []) names.add(name);
  return itemSize(Object.fromEntries(Object.entries(item).filter(([name]) => names.has(name))));
}

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** DynamoDB's item size: attribute names plus values (numbers about one byte per two digits, plus one). */
export function itemSize(item: Item | undefined) {
  if (!item) return 0;
  return Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueSize(value), 0);
}

function valueSize(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberSize(value.N);
  if (value.B !== undefined) return value.B.length;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((sum, s) => sum + utf8(s), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, n) => sum + numberSize(n), 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, b) => sum + b.length, 0);
  if (value.L !== undefined) return 3 + value.L.reduce((sum, v) => sum + 1 + valueSize(v), 0);
  if (value.M !== undefined) return 3 + Object.entries(value.M).reduce((sum, [k, v]) => sum + 1 + utf8(k) + valueSize(v), 0);
  return 0;
}

const numberSize = (n: string) => Math.ceil(n.replace(/[^0-9]/g, '').replace(/^0+/, '').length / 2) + 1;

function reported(consumed: unknown, tableName: string): Reported {
  const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as ConsumedCapacity[];
  const result: Reported = { total: 0, table: 0, indexes: {} };
  for (const c of list.filter((c) => c.TableName === undefined || c.TableName === tableName)) {
    result.total += c.CapacityUnits ?? 0;
    result.table += c.Table?.CapacityUnits ?? 0;
    for (const [name, index] of Object.entries(c.GlobalSecondaryIndexes ?? {}))
      result.indexes[name] = (result.indexes[name] ?? 0) + (index.CapacityUnits ?? 0);
  }
  return result;
}
