import { tableDefinition } from '../packages/core/src/db/table.ts';

/**
 * The one DynamoDB table, on-demand. Keys, indexes and the TTL attribute come from core's
 * definition, the same one the local setup creates its table from, so the two cannot drift.
 */
export const table = new sst.aws.Dynamo('Table', {
  ...tableDefinition,
  deletionProtection: $app.stage === 'production',
});
