import { Resource } from 'sst';
import { createDb, type Db } from '@event-admin/core/db/client';
import { deliverDue, parseRetrySchedule, type SenderOptions } from '@event-admin/core/webhook/sender';
import type { LinkedResources } from './config.ts';

/** Left of the function's time when it stops starting passes: a delivery under way has 10 s. */
const reserveMs = 15_000;

/**
 * The webhook sender as a Lambda (infra/webhooks.ts), for one table: invoked by the table's
 * stream when deliveries are written (so they go out at once) and by a cron every minute (a
 * retry's time comes with no write to wake anything). Either way it sends whatever is due, pass
 * after pass, until a pass finds nothing or its time runs short; what is left the next
 * invocation sends. The stream's records themselves are not read: the due index is the truth.
 */
export function createWebhookHandler(db: Db, options: Omit<SenderOptions, 'now' | 'fetch'>) {
  return async (_event: unknown, context?: { getRemainingTimeInMillis?: () => number }) => {
    const deadline = Date.now() + Math.max(0, (context?.getRemainingTimeInMillis?.() ?? 60_000) - reserveMs);
    let attempted = 0;
    for (let pass = await deliverDue(db, options); pass > 0; pass = Date.now() < deadline ? await deliverDue(db, options) : 0) {
      attempted += pass;
    }
    // One line per run in CloudWatch.
    console.log(JSON.stringify({ webhooks: { attempted } }));
    return { attempted };
  };
}

let handle: ReturnType<typeof createWebhookHandler> | undefined;

/** On AWS only https to public addresses is sent to (core/webhook/sender.ts, targetProblem). */
export async function handler(event: unknown, context?: { getRemainingTimeInMillis?: () => number }) {
  handle ??= createWebhookHandler(
    createDb({ tableName: (Resource as unknown as Pick<LinkedResources, 'Table'>).Table.name, region: process.env.AWS_REGION }),
    { schedule: parseRetrySchedule(process.env.WEBHOOK_RETRY_SCHEDULE), allowPrivate: false },
  );
  return handle(event, context);
}
