import { Resource } from 'sst';
import { createDb, type Db } from '@event-admin/core/db/client';
import { createSender, deliveryTimeoutMs, parseRetrySchedule, sendWhileDue, type SenderOptions } from '@event-admin/core/webhook/sender';
import { publicTargetsOnly } from '@event-admin/core/webhook/target';
import type { LinkedResources } from './config.ts';

/** Left of the function's time, beyond a whole delivery, when it starts no more: recording the last attempts. */
const reserveMs = 5_000;

interface LambdaContext {
  getRemainingTimeInMillis?: () => number;
}

/**
 * The webhook sender as a Lambda (infra/webhooks.ts), for one table: invoked by the table's
 * stream when a change is announced (so it goes out at once) and by a cron every minute (a
 * retry's time comes with no write to wake anything). Either way it fans out and sends whatever
 * is due, pass after pass, each delivery in its endpoint's lane, starting a delivery only while
 * a whole one (its time limit and the reserve) still fits in the function's time left; what is
 * left the next invocation sends. The stream's records themselves are not read: the due index is
 * the truth.
 */
export function createWebhookHandler(db: Db, options: Omit<SenderOptions, 'now'>) {
  return async (_event: unknown, context?: LambdaContext) => {
    const startedAt = Date.now();
    const remaining = () => context?.getRemainingTimeInMillis?.() ?? 60_000 - (Date.now() - startedAt);
    const fits = () => remaining() > (options.timeoutMs ?? deliveryTimeoutMs) + reserveMs;
    const attempted = await sendWhileDue(db, createSender(db, options, fits), fits);
    // One line per run in CloudWatch.
    console.log(JSON.stringify({ webhooks: { attempted } }));
    return { attempted };
  };
}

let handle: ReturnType<typeof createWebhookHandler> | undefined;

/** On AWS only https to public addresses is sent to (core/webhook/target.ts), checked as each delivery connects. */
export async function handler(event: unknown, context?: LambdaContext) {
  handle ??= createWebhookHandler(
    createDb({ tableName: (Resource as unknown as Pick<LinkedResources, 'Table'>).Table.name, region: process.env.AWS_REGION }),
    { schedule: parseRetrySchedule(process.env.WEBHOOK_RETRY_SCHEDULE), targets: publicTargetsOnly },
  );
  return handle(event, context);
}
