// The burst section's model of the keys, read off the code itself: purchases of one event are
// driven through core's transaction entry points (record a completed one, complete a pending one,
// refund part then the rest), then orders of 1 to 4 tickets against a capacity (issue 30 item 7)
// and holds confirmed as orders, each with its own customer, in-process on a table of their own, and
// the write tap (write-tap.ts) records every table and index partition those calls write and the
// write capacity they consume. Scaled to an on-sale night of 2,000 purchases a second of one event,
// the busiest partition's writes a second must stay within what one DynamoDB partition takes
// (1,000 write units a second), and a completed purchase within 12 write units.
import { counterRefresh, eventCountersMoved, refreshEventCounters } from '@event-admin/core/event/counters';
import { createDb, type Db } from '@event-admin/core/db/client';
import * as Customer from '@event-admin/core/customer/index';
import * as Event from '@event-admin/core/event/index';
import * as Hold from '@event-admin/core/hold/index';
import * as Order from '@event-admin/core/order/index';
import * as TicketType from '@event-admin/core/ticket-type/index';
import * as Transaction from '@event-admin/core/transaction/index';
import { ensureTable } from '@event-admin/functions/local/dynamo-local';
import type { Budget } from './table.ts';
import { tapWrites, type TapRecord } from './write-tap.ts';

/** The on-sale target the figures are scaled to: purchases (or other operations) a second, all of one event. */
export const targetPerSecond = 2_000;
/** What one partition takes: 1,000 write units a second (DynamoDB's per-partition limit). */
export const partitionWriteLimit = 1_000;
export const maxUnitsPerPurchase = 12;

export interface KeyRow {
  /** 'table' or 'index:<name>' */
  target: string;
  /** the partition key with ids shown as <id> (shard suffixes stay) */
  key: string;
  /** how many different partitions show as this key */
  partitions: number;
  /** writes per operation to the busiest of them */
  writesPerOperation: number;
  /** the same at the target rate */
  writesPerSecond: number;
  /** the write units those writes cost at the target rate, by DynamoDB's rules (transactional writes 2x) */
  unitsPerSecond: number;
  /** ConditionChecks per second on it at the target rate (they write nothing) */
  checksPerSecond: number;
}

export interface Cost {
  /** as DynamoDB Local reports (ReturnConsumedCapacity INDEXES), per operation */
  reported: { total: number; table: number; indexes: Record<string, number> };
  /** by DynamoDB's pricing rules (item KB, projected KB, transactions 2x), per operation */
  rules: { total: number; table: number; indexes: Record<string, number> };
}

export interface PhaseResult {
  phase: string;
  operations: number;
  /** requests to DynamoDB per operation, by command */
  commands: Record<string, number>;
  top: KeyRow[];
  busiest: KeyRow;
  cost: Cost;
  /** ConditionCheck items per operation (priced 0 by the rules here; see the note printed) */
  checks: number;
}

export interface KeyModelResult {
  operations: number;
  targetPerSecond: number;
  phases: PhaseResult[];
}

const idPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const dayMs = 86_400_000;

/** Drives `operations` purchases through each path on its own table at `endpoint` and models the keys they write. */
export async function measureKeyModel(endpoint: string, operations: number, log: (line: string) => void): Promise<KeyModelResult> {
  const tableName = 'bench-keys';
  await ensureTable(endpoint, tableName);
  // Setting up (the event, customers, pending purchases) goes through a client without the tap.
  const plain = createDb({ tableName, endpoint });
  const db = createDb({ tableName, endpoint });
  const tap = tapWrites(db, endpoint);
  try {
    const event = await Event.create(plain, {
      title: 'Key Model On-Sale Night',
      date: new Date(Date.now() + 30 * dayMs).toISOString(),
      venue: 'Model Arena',
      status: 'active',
    });
    const customers = async (label: string) => {
      const made: string[] = [];
      for (let i = 0; i < operations; i++) {
        const customer = await Customer.create(plain, {
          name: `Model ${label} ${i}`,
          email: `model.${label}.${i}@bench.example`,
          phone: '',
        });
        made.push(customer.id);
      }
      tap.take();
      return made;
    };
    const amount = (i: number) => `$${20 + (i % 80)}.${i % 2 ? '50' : '00'}`;
    const buy = (customerId: string, i: number, status: 'completed' | 'pending') =>
      Transaction.create(status === 'completed' ? db : plain, {
        eventId: event.id,
        customerId,
        amount: amount(i),
        status,
        paymentMethod: 'Credit Card',
      });
    const phases: PhaseResult[] = [];

    log(`  key model: ${operations} purchases of one event per path, in-process on DynamoDB Local (table ${tableName})...`);
    // The event's copy of its counters (its item, rank and list figures) is refreshed on a timer, at
    // most once a second per server instance (event/counters.ts), not once per purchase: it is
    // kept out of the per-purchase figures here and measured on its own below.
    const interval = counterRefresh.intervalMs;
    counterRefresh.intervalMs = 3_600_000;
    // The refresh a first change of the event would make at once is made here, before the tap
    // counts: the timer then holds every later one until the refresh measured below.
    await eventCountersMoved(plain, event.id);
    const buyers = await customers('completed');
    const completed = [];
    for (const [i, customerId] of buyers.entries()) completed.push(await buy(customerId, i, 'completed'));
    phases.push(summarise('record (completed)', tap.take(), operations));

    const waiting = [];
    for (const [i, customerId] of (await customers('pending')).entries()) waiting.push(await buy(customerId, i, 'pending'));
    tap.take();
    for (const purchase of waiting) await Transaction.updateStatus(db, { id: purchase.id, status: 'completed' });
    phases.push(summarise('complete a pending one', tap.take(), operations));

    for (const purchase of completed) {
      await Transaction.createRefund(db, { id: purchase.id, amount: '$5.00', reason: 'Partial refund (bench)' });
      await Transaction.createRefund(db, { id: purchase.id, reason: 'The rest (bench)' });
    }
    phases.push(summarise('refund (a part, then the rest)', tap.take(), 2 * operations));
    phases.push(...(await ticketPhases(plain, db, event.id, customers, operations, () => tap.take())));
    counterRefresh.intervalMs = interval;
    await refreshEventCounters(db, event.id);
    const refresh = summarise("refresh of the event's copy (timer)", tap.take(), 1);
    const refreshWrites = refresh.top.reduce((sum, row) => sum + row.writesPerOperation, 0);
    log(
      `  one refresh of the event's copy writes ${refreshWrites} partitions (${refresh.top.map((r) => `${r.target} ${r.key}`).join(', ')}): ` +
        'at most once a second per server instance, so 100 instances make 100 writes/s on each, whatever the buyers',
    );
    return { operations, targetPerSecond, phases };
  } finally {
    tap.close();
    db.doc.destroy();
    plain.doc.destroy();
  }
}

/**
 * Orders of one event's two types (one with a quantity) under a capacity, 1 to 4 tickets each;
 * then holds of the same, each confirmed as an order (one operation: a hold and its confirmation).
 * The limits are far above what the model takes, so every take lands and the pools keep all 16 shards.
 */
async function ticketPhases(
  plain: Db,
  db: Db,
  eventId: string,
  customers: (label: string) => Promise<string[]>,
  operations: number,
  take: () => TapRecord[],
): Promise<PhaseResult[]> {
  const types = [
    await TicketType.create(plain, { eventId, name: 'Floor', price: '$40.00', quantity: 50 * operations }),
    await TicketType.create(plain, { eventId, name: 'Seated', price: '$25.00' }),
  ];
  await TicketType.setCapacity(plain, { eventId, capacity: 100 * operations });
  const lines = (i: number) => [{ ticketTypeId: types[i % 2]!.id, quantity: 1 + ((i * 7) % 4) }];
  const buyers = await customers('orders');
  for (const [i, customerId] of buyers.entries()) await Order.create(db, { eventId, customerId, lines: lines(i), paymentMethod: 'Card' });
  const ordered = summarise('order of 1 to 4 tickets (capacity)', take(), operations);
  const holders = await customers('holds');
  for (const [i, customerId] of holders.entries()) {
    const hold = await Hold.create(db, { eventId, lines: lines(i), minutes: 10 });
    await Order.confirmHold(db, { id: hold.id, customerId, paymentMethod: 'Card' });
  }
  return [ordered, summarise('hold, then its confirmation', take(), operations)];
}

function summarise(phase: string, records: TapRecord[], operations: number): PhaseResult {
  const perKey = new Map<string, { target: string; pk: string; writes: number; checks: number; units: number }>();
  const rules = { total: 0, table: 0, indexes: {} as Record<string, number> };
  const reported = { total: 0, table: 0, indexes: {} as Record<string, number> };
  const commands: Record<string, number> = {};
  let checks = 0;
  for (const record of records) {
    commands[record.command] = (commands[record.command] ?? 0) + 1 / operations;
    reported.total += record.reported.total;
    reported.table += record.reported.table;
    for (const [name, units] of Object.entries(record.reported.indexes)) reported.indexes[name] = (reported.indexes[name] ?? 0) + units;
    for (const write of record.writes) {
      const id = `${write.target} ${write.pk}`;
      const entry = perKey.get(id) ?? { target: write.target, pk: write.pk, writes: 0, checks: 0, units: 0 };
      entry.units += write.units;
      if (write.kind === 'check') {
        entry.checks += 1;
        checks += 1;
      } else entry.writes += 1;
      perKey.set(id, entry);
      rules.total += write.units;
      if (write.target === 'table') rules.table += write.units;
      else {
        const name = write.target.slice('index:'.length);
        rules.indexes[name] = (rules.indexes[name] ?? 0) + write.units;
      }
    }
  }
  // Partitions that show alike (CUSTOMER#<id>) are one row, with the busiest of them.
  const shown = new Map<string, KeyRow>();
  for (const entry of perKey.values()) {
    const key = entry.pk.replace(idPattern, '<id>');
    const row = shown.get(`${entry.target} ${key}`) ?? {
      target: entry.target,
      key,
      partitions: 0,
      writesPerOperation: 0,
      writesPerSecond: 0,
      unitsPerSecond: 0,
      checksPerSecond: 0,
    };
    row.partitions += 1;
    if (entry.writes / operations >= row.writesPerOperation) {
      row.writesPerOperation = entry.writes / operations;
      row.writesPerSecond = Math.round((targetPerSecond * entry.writes) / operations);
      row.unitsPerSecond = Math.round((targetPerSecond * entry.units) / operations);
    }
    row.checksPerSecond = Math.max(row.checksPerSecond, Math.round((targetPerSecond * entry.checks) / operations));
    shown.set(`${entry.target} ${key}`, row);
  }
  const rows = [...shown.values()].sort((a, b) => b.writesPerSecond - a.writesPerSecond || b.checksPerSecond - a.checksPerSecond);
  const per = (units: number) => round(units / operations);
  const perIndex = (indexes: Record<string, number>) =>
    Object.fromEntries(Object.entries(indexes).map(([name, units]) => [name, per(units)]));
  return {
    phase,
    operations,
    commands: Object.fromEntries(Object.entries(commands).map(([name, n]) => [name, round(n)])),
    top: rows.slice(0, 10).map((r) => ({ ...r, writesPerOperation: round(r.writesPerOperation, 3) })),
    busiest: rows[0] ?? {
      target: 'table',
      key: '(no writes)',
      partitions: 0,
      writesPerOperation: 0,
      writesPerSecond: 0,
      unitsPerSecond: 0,
      checksPerSecond: 0,
    },
    cost: {
      reported: { total: per(reported.total), table: per(reported.table), indexes: perIndex(reported.indexes) },
      rules: { total: per(rules.total), table: per(rules.table), indexes: perIndex(rules.indexes) },
    },
    checks: round(checks / operations),
  };
}

export function keyModelBudgets(result: KeyModelResult): Budget[] {
  const budgets: Budget[] = result.phases.map((p) => ({
    name: `hot keys, ${p.phase}: busiest partition <= ${partitionWriteLimit.toLocaleString('en-US')} writes/s at ${result.targetPerSecond.toLocaleString('en-US')}/s of one event`,
    pass: p.busiest.writesPerSecond <= partitionWriteLimit,
    detail: `${p.busiest.target} ${p.busiest.key}: ${p.busiest.writesPerSecond.toLocaleString('en-US')} writes/s (${p.busiest.writesPerOperation} per operation)`,
  }));
  const purchase = result.phases[0];
  if (purchase) {
    const { reported, rules } = purchase.cost;
    budgets.push({
      name: `a completed purchase consumes <= ${maxUnitsPerPurchase} write units (table and indexes, as ReturnConsumedCapacity reports them)`,
      pass: reported.total <= maxUnitsPerPurchase,
      detail: `DynamoDB Local reports ${reported.total}; by DynamoDB's pricing rules (every transactional write 2x) ${rules.total} WCU (table ${rules.table}, ${Object.entries(
        rules.indexes,
      )
        .map(([n, u]) => `${n} ${u}`)
        .join(', ')})`,
    });
  }
  return budgets;
}
