import * as z from 'zod';
import { keys } from '../db/keys.ts';
import { defineJob } from '../jobs/registry.ts';
import { purchasesPage, renamePurchases } from '../transaction/rename-purchases.ts';

/**
 * A customer's new name (or `Erased customer`) put on their purchases, which sit in the customer's
 * own partition: read consistently, so a purchase recorded just before the job is renamed too.
 */
export const renameCustomerJob = defineJob({
  kind: 'rename-customer',
  payload: z.object({ name: z.string() }),
  step: (db, job, cursor, limit) =>
    renamePurchases(
      (position, n) =>
        purchasesPage(
          db,
          {
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            FilterExpression: 'customerName <> :name',
            ExpressionAttributeValues: {
              ':pk': keys.customer(job.targetId).pk,
              ':prefix': keys.transactionPrefix,
              ':name': job.payload.name,
            },
            ConsistentRead: true,
          },
          position.after,
          n,
        ),
      db,
      { customerName: job.payload.name },
      cursor,
      limit,
    ),
});
