import { tableDefinition } from '../packages/core/src/db/table.ts';

/**
 * The one DynamoDB table, on-demand. Keys, indexes and the TTL attribute come from core's
 * definition, the same one the local setup creates its table from, so the two cannot drift.
 *
 * Its data outlives mistakes (docs/aws.md, Keeping the table's data): point-in-time recovery on
 * every stage (SST's default today, pinned here on the underlying aws.dynamodb.Table so a change
 * of default cannot turn it off), and on a stage that keeps its resources (`removal` in
 * sst.config.ts: production) deletion protection, so no remove or delete call can drop it. Dev
 * stages stay removable with `sst remove`.
 */
export const table = new sst.aws.Dynamo('Table', {
  ...tableDefinition,
  // new webhook deliveries wake their sender (infra/webhooks.ts)
  stream: 'new-image',
  deletionProtection: $app.removal !== 'remove',
  transform: { table: { pointInTimeRecovery: { enabled: true } } },
});
