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
 */
export function followTransactionsWithBarrier(client: DynamoDBClient, tableName: string) {
  const item = Object.fromEntries(Object.entries(keys.localWriteBarrier()).map(([name, value]) => [name, { S: value }]));
  const slots = semaphore(localTransactionsInFlight);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
      const release = await slots();
      try {
        const result = await next(args);
        await client.send(new PutItemCommand({ TableName: tableName, Item: { ...item, at: { S: new Date().toISOString() } } }));
        return result;
      } finally {
        release();
      }
    },
    { step: 'initialize', name: 'localWriteBarrier' },
  );
}

/**
 * DynamoDB Local runs transactions one after another. Sent 64 at once, the last wait there past
 * the client's 2 s request limit: they answer 503 although they may still be stored. So a
 * process sends it a few at a time and the rest wait here, where no time limit runs.
 */
const localTransactionsInFlight = 4;

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
