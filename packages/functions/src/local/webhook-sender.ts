// The webhook sender of `npm start`, in a process of its own (supervise-sender.ts starts it):
// a slow or hanging receiver never takes time from the API's requests, and a crash here never
// takes the API down. SIGTERM lets the pass under way finish (its deliveries recorded), then exits.
import { createDb } from '@event-admin/core/db/client';
import { parseRetrySchedule, startSender } from '@event-admin/core/webhook/sender';
import { localTargetPolicy } from '@event-admin/core/webhook/target';

const endpoint = process.env.SENDER_DYNAMODB_ENDPOINT;
const tableName = process.env.TABLE_NAME;
if (!endpoint || !tableName) {
  console.error('The webhook sender needs SENDER_DYNAMODB_ENDPOINT and TABLE_NAME (npm start sets them).');
  process.exit(1);
}

const sender = startSender(createDb({ endpoint, tableName }), {
  schedule: parseRetrySchedule(process.env.WEBHOOK_RETRY_SCHEDULE),
  // npm start: http; private and loopback targets as the server decided (main.ts passes WEBHOOK_ALLOW_PRIVATE as 1 or 0)
  targets: localTargetPolicy(process.env.WEBHOOK_ALLOW_PRIVATE, process.env.HOST || '127.0.0.1'),
});
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void sender.stop().then(() => process.exit(0));
  });
}
