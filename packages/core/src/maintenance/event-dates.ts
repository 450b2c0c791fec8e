import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readSharded } from '../counters/shards.ts';
import { keys } from '../db/keys.ts';
import { queryAll } from '../db/query.ts';
import { forEachLimited, isConditionFailure } from '../db/write.ts';
import { dateKeys, eventsByCreated } from '../event/event.repo.ts';
import { eventStatuses } from '../event/event.rules.ts';
import { statusCountField } from '../stats/stats.repo.ts';
import type { Migration } from './migration.ts';

/**
 * Events written before the dashboard panels read indexes and counters lack their date index keys
 * (gsi3, and the sparse gsi4 for draft and active events), and the totals lack the counts per
 * status. This reads the events once, sets the missing keys, and sets the counts from what it
 * read (on one shard, less what the others already hold). It runs before the server takes
 * requests (npm start) or before the new version does (a deploy), so no write slips between the
 * count and the set.
 */
export const eventDates: Migration = {
  name: 'event-dates-status-counts-v1',
  async run(db) {
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
    const fields = eventStatuses.map(statusCountField);
    const first = keys.stats('#0');
    const { shards } = await readSharded(db, keys.stats, fields, { consistent: true });
    const counted = (field: string) => shards.filter((s) => s.pk !== first.pk).reduce((sum, s) => sum + Number(s[field] ?? 0), 0);
    const counts = Object.fromEntries(
      eventStatuses.map((s) => [statusCountField(s), events.filter((e) => e.status === s).length - counted(statusCountField(s))]),
    );
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: first,
        UpdateExpression: `SET ${fields.map((name) => `${name} = :${name}`).join(', ')}`,
        ExpressionAttributeValues: Object.fromEntries(Object.entries(counts).map(([name, n]) => [`:${name}`, n])),
      }),
    );
    return { updated: missing.length };
  },
};
