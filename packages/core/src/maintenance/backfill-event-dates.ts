import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll } from '../db/query.ts';
import { forEachLimited, isConditionFailure } from '../db/write.ts';
import { dateKeys, eventsByCreated } from '../event/event.repo.ts';
import { eventStatuses } from '../event/event.rules.ts';
import { statusCountField } from '../stats/stats.repo.ts';

const migration = keys.migration('event-dates-status-counts-v1');

/**
 * Events written before the dashboard panels read indexes and counters lack their date index keys
 * (gsi3, and the sparse gsi4 for draft and active events), and the totals item lacks the counts
 * per status. This reads the events once, sets the missing keys, sets the counts from what it
 * read, then records that it ran. It runs at start, before the server takes requests, so no write
 * can slip between the count and the set; run again, it does nothing.
 */
export async function backfillEventDates(db: Db, options: { tableIsNew?: boolean } = {}) {
  const done = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: migration, ConsistentRead: true }));
  if (done.Item) return { updated: 0 };
  let updated = 0;
  if (!options.tableIsNew) {
    const events = await queryAll(db, eventsByCreated('asc'));
    const missing = events.filter((e) => e.gsi3pk === undefined);
    await forEachLimited(missing, 8, async (e) => {
      const byDate = dateKeys(String(e.date), String(e.status), String(e.id));
      const names = Object.keys(byDate);
      await db.doc
        .send(
          new UpdateCommand({
            TableName: db.tableName,
            Key: { pk: e.pk, sk: e.sk },
            UpdateExpression: `SET ${names.map((name) => `${name} = :${name}`).join(', ')}`,
            // an edit since the read has set them already, from newer values
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi3pk)',
            ExpressionAttributeValues: Object.fromEntries(Object.entries(byDate).map(([name, value]) => [`:${name}`, value])),
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    });
    const counts = Object.fromEntries(eventStatuses.map((s) => [statusCountField(s), events.filter((e) => e.status === s).length]));
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.stats(),
        UpdateExpression: `SET ${Object.keys(counts)
          .map((name) => `${name} = :${name}`)
          .join(', ')}`,
        ExpressionAttributeValues: Object.fromEntries(Object.entries(counts).map(([name, n]) => [`:${name}`, n])),
      }),
    );
    updated = missing.length;
  }
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: { ...migration, ranAt: new Date().toISOString(), updated } }));
  return { updated };
}
