import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll } from '../db/query.ts';
import { conditional } from '../db/write.ts';

/**
 * A one-off conversion of stored data (the ordered list is migrations.ts). It runs beside live
 * writes on AWS, so it is safe to repeat and to run alongside them: each run does only what is
 * left to do. Once its record (MIGRATION / name) exists on every table, the code that read the
 * data it converted the old way goes (docs/operations.md lists what remains).
 */
export interface Migration {
  /** its record's name: never changed once it has run anywhere */
  name: string;
  /** `done: false`: stopped for time with work left; the next run goes on from what is left */
  run(db: Db, context: { outOfTime: () => boolean }): Promise<{ updated: number; done?: boolean }>;
}

/** The names of the migrations recorded as run on this table. */
export async function recordedMigrations(db: Db) {
  const { pk } = keys.migration('');
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });
  return new Set(items.map((item) => String(item.sk)));
}

export interface MigrationsResult {
  /** migrations run now and the items each changed */
  ran: Record<string, number>;
  /** migrations still to run (out of time: the next run goes on) */
  pending: string[];
}

/**
 * Runs, in order, every migration of `list` not recorded on this table, and records each once it
 * has finished. A migration that stops with work left holds back the ones after it (they may
 * rely on it). A new table (`tableIsNew`) has nothing to convert: every one is recorded at once.
 */
export async function runMigrationList(
  db: Db,
  list: readonly Migration[],
  options: { tableIsNew?: boolean; budgetMs?: number } = {},
): Promise<MigrationsResult> {
  const deadline = Date.now() + (options.budgetMs ?? Number.POSITIVE_INFINITY);
  const outOfTime = () => Date.now() >= deadline;
  const recorded = await recordedMigrations(db);
  const result: MigrationsResult = { ran: {}, pending: [] };
  for (const migration of list) {
    if (recorded.has(migration.name)) continue;
    if (result.pending.length || (!options.tableIsNew && outOfTime())) {
      result.pending.push(migration.name);
      continue;
    }
    const { updated, done = true } = options.tableIsNew ? { updated: 0 } : await migration.run(db, { outOfTime });
    if (!done) {
      result.pending.push(migration.name);
      continue;
    }
    result.ran[migration.name] = updated;
    // two runners at once (a cron and a deploy's invoke): the first record stays
    await conditional(
      db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: {
            ...keys.migration(migration.name),
            ranAt: new Date().toISOString(),
            updated,
            ...(options.tableIsNew ? { newTable: true } : {}),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }
  return result;
}
