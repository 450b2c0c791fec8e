// Consumed read capacity per call: every command the SDK sends asks for ReturnConsumedCapacity
// TOTAL, and what DynamoDB answers is added up, the session lookup apart from the call's own reads.
import type { Db } from '@event-admin/core/db/client';
import { keys } from '@event-admin/core/db/keys';

const sessionPrefix = keys.session('').pk;
const user = keys.user('');
const policy = keys.securityPolicy();

/**
 * The reads of the auth step of every signed-in call: its session, its member and the security
 * policy. The member and the policy are cached in-process for a while, so whether a call pays for
 * them depends on when it runs, not on what it reads.
 */
function authRead(key: { pk?: unknown; sk?: unknown } | undefined) {
  const value = (v: unknown) => (typeof v === 'object' && v !== null ? (v as { S?: string }).S : v);
  const [pk, sk] = [value(key?.pk), value(key?.sk)];
  if (typeof pk !== 'string') return false;
  return pk.startsWith(sessionPrefix) || (pk.startsWith(user.pk) && sk === user.sk) || (pk === policy.pk && sk === policy.sk);
}

export interface Tally {
  /** capacity units of the call's own reads and writes */
  own: number;
  /** capacity units of the auth step of every signed-in call (authRead) */
  session: number;
  /** requests sent to DynamoDB, by operation, e.g. { GetItem: 1 } */
  operations: Record<string, number>;
  /** items DynamoDB returned */
  items: number;
  /** keys asked for by GetItem and BatchGetItem, found or not: what a read asks, whatever the data hold */
  keys: number;
}

const emptyTally = (): Tally => ({ own: 0, session: 0, operations: {}, items: 0, keys: 0 });

/** Adds the counting middleware to a Db's client; `measure` runs a function and returns what it consumed. */
interface ConsumedCapacity {
  CapacityUnits?: number;
}

export function instrument(db: Db) {
  let tally = emptyTally();
  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as {
        ReturnConsumedCapacity?: string;
        Key?: { pk?: unknown; sk?: unknown };
        RequestItems?: Record<string, { Keys?: unknown[] }>;
      };
      input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const output = result.output as {
        ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[];
        Responses?: Record<string, unknown[]>;
        Items?: unknown[];
        Item?: unknown;
      };
      const consumed = Array.isArray(output.ConsumedCapacity)
        ? output.ConsumedCapacity
        : output.ConsumedCapacity
          ? [output.ConsumedCapacity]
          : [];
      const units = consumed.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      if (authRead(input.Key)) tally.session += units;
      else {
        tally.own += units;
        const operation = String(context.commandName ?? 'Command').replace(/Command$/, '');
        tally.operations[operation] = (tally.operations[operation] ?? 0) + 1;
        const responses = output.Responses ? Object.values(output.Responses).flat().length : 0;
        tally.items += (output.Items?.length ?? 0) + (output.Item ? 1 : 0) + responses;
        if (operation === 'GetItem' || operation === 'Get') tally.keys += 1;
        for (const request of Object.values(input.RequestItems ?? {})) tally.keys += request.Keys?.length ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'benchConsumedCapacity', override: true },
  );
  return {
    async measure<T>(work: () => Promise<T>): Promise<{ tally: Tally; result: T }> {
      tally = emptyTally();
      const result = await work();
      const measured = tally;
      tally = emptyTally();
      return { tally: measured, result };
    },
  };
}

/** 'GetItem', '3 Query', '1 Query + 25 BatchGetItem' */
export const describeOperations = (operations: Record<string, number>) =>
  Object.entries(operations)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${n} ${name.replace(/^Get$/, 'GetItem').replace(/^BatchGet$/, 'BatchGetItem')}`)
    .join(' + ') || 'none';
