import { PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { keys } from './keys.ts';

/**
 * DynamoDB Local answers a TransactWriteItems a moment before the change is on disk: killed in
 * that moment (SIGKILL, a crash), it comes back without a write it had confirmed. Measured on a
 * table with this app's indexes: killed right after the answer, 3 of 8 transactions were gone;
 * followed by one plain PutItem first, 0 of 20. A PutItem is answered only once it is stored,
 * and SQLite stores one write at a time, so its answer means the transaction before it is stored
 * too. So on DynamoDB Local, and only there, each transaction is answered after such a PutItem.
 * If that PutItem fails, the caller gets the failure (a 503): "maybe", never a false "saved".
 * DynamoDB itself is durable when it answers and needs none of this.
 *
 * One PutItem covers every transaction answered before it was sent, so the transactions answered
 * while one is on its way share the next (a group commit): under an on-sale burst one barrier
 * follows several purchases instead of each purchase paying a write of its own.
 */
export function followTransactionsWithBarrier(client: DynamoDBClient, tableName: string) {
  const item = Object.fromEntries(Object.entries(keys.localWriteBarrier()).map(([name, value]) => [name, { S: value }]));
  const slots = semaphore(localTransactionsInFlight);
  const barrier = sharedFollower(() =>
    client.send(new PutItemCommand({ TableName: tableName, Item: { ...item, at: { S: new Date().toISOString() } } })),
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
      const release = await slots();
      let result;
      try {
        result = await next(args);
      } finally {
        release();
      }
      await barrier();
      return result;
    },
    { step: 'initialize', name: 'localWriteBarrier' },
  );
}

/**
 * Runs `write` so that each call waits for a run that started after the call: the first caller
 * starts one; the callers that arrive while it is on its way share the one started when it ends.
 */
export function sharedFollower(write: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let following: Promise<void> | undefined;
  const start = () => {
    const run = write().then(() => undefined);
    running = run;
    const settled = () => {
      if (running === run) running = undefined;
    };
    run.then(settled, settled);
    return run;
  };
  return () => {
    if (!running) return start();
    const ended = running.then(
      () => undefined,
      () => undefined,
    );
    following ??= ended.then(() => {
      following = undefined;
      return start();
    });
    return following;
  };
}

/**
 * DynamoDB Local runs transactions one after another. Sent 64 at once, the last wait there past
 * the client's 2 s request limit: they answer 503 although they may still be stored. So a
 * process sends it a few at a time and the rest wait here, where no time limit runs. A few (8,
 * at about 20 ms each on disk) keep it busy: it parses the next while one holds its lock.
 */
const localTransactionsInFlight = 8;

function semaphore(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return async () => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    return release;
  };
}
