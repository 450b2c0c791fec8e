// Every data migration, in the order they run: `npm start` runs those a table has not recorded
// before it serves (local/main.ts), the AWS jobs function before its jobs (functions/src/jobs.ts,
// which a deploy invokes before the new API goes live). A new one goes where what it needs has
// run before it; once recorded on every table, the readers' branches for the old shape go
// (docs/operations.md keeps the list of what remains).
import { auditActorIds } from '../audit/actor-ids.migration.ts';
import type { Db } from '../db/client.ts';
import { foldDays } from '../counters/fold.ts';
import { eventDates } from './event-dates.ts';
import { runMigrationList, type Migration } from './migration.ts';
import { ownCounters } from './own-counters.ts';
import { searchFields } from './search-fields.ts';
import { transactionPointers } from './transaction-pointers.ts';
import { unshardedKeys } from './unsharded-keys.ts';
import { deliveryBodies } from '../webhook/delivery-bodies.migration.ts';
import { ticketRecords } from '../ticket/tickets.migration.ts';

/** Days a table from before the fold holds in shards: each folded, looking in every shard (its writes did not keep a day's items together). */
const foldPastDays: Migration = {
  name: 'fold-past-days-v1',
  async run(db, { outOfTime }) {
    const { folded, more } = await foldDays(db, { thorough: true, outOfTime });
    return { updated: folded.length, done: !more };
  },
};

export const migrations: readonly Migration[] = [
  // first: the lists the others read are the sharded ones
  unshardedKeys,
  searchFields,
  transactionPointers,
  eventDates,
  ownCounters,
  foldPastDays,
  auditActorIds,
  deliveryBodies,
  ticketRecords,
];

/** Runs what this table has not recorded yet (a new table records them all at once). */
export const runMigrations = (db: Db, options: { tableIsNew?: boolean; budgetMs?: number } = {}) =>
  runMigrationList(db, migrations, options);
