import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchLimits, createDb } from '@event-admin/core/db/client';
import { ensureTable } from '@event-admin/functions/local/dynamo-local';

/**
 * Warms a DynamoDB Local that just started: a table of its own, the kinds of request the app makes
 * (puts, transactions, updates, queries of the table and an index, batch reads) a few hundred
 * times, then the table dropped. A cold JVM (the tests' run it with the quick compiler only) on a
 * machine busy starting everything else can take longer than the app's 2 s per request (a 503),
 * which the first test file to run would meet and no later one would.
 */
export async function warmDynamoLocal(endpoint: string) {
  const tableName = `warm-${randomUUID()}`;
  await ensureTable(endpoint, tableName);
  const db = createDb({ tableName, endpoint, limits: batchLimits });
  const item = (i: number) => ({ pk: `WARM#${i % 8}`, sk: `ITEM#${i}`, gsi1pk: 'WARM', gsi1sk: `${i}`, count: 0, name: `item ${i}` });
  for (let round = 0; round < 2; round++) {
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        for (let i = lane; i < 64; i += 8) {
          await db.doc.send(new PutCommand({ TableName: tableName, Item: item(i) }));
          await db.doc.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName: tableName,
                    Key: { pk: `WARM#${i % 8}`, sk: `ITEM#${i}` },
                    UpdateExpression: 'ADD #c :one',
                    ConditionExpression: 'attribute_exists(pk)',
                    ExpressionAttributeNames: { '#c': 'count' },
                    ExpressionAttributeValues: { ':one': 1 },
                  },
                },
                { Put: { TableName: tableName, Item: { ...item(i + 1000), pk: `WARM#T${i}` } } },
              ],
            }),
          );
          await db.doc.send(
            new UpdateCommand({
              TableName: tableName,
              Key: { pk: `WARM#${i % 8}`, sk: `ITEM#${i}` },
              UpdateExpression: 'SET #n = :n',
              ExpressionAttributeNames: { '#n': 'name' },
              ExpressionAttributeValues: { ':n': `renamed ${round}` },
            }),
          );
        }
        await db.doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `WARM#${lane}` },
          }),
        );
        await db.doc.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': 'WARM' },
            Limit: 50,
          }),
        );
        const keys = Array.from({ length: 16 }, (_, k) => ({ pk: `WARM#${(lane * 16 + k) % 8}`, sk: `ITEM#${(lane * 16 + k) % 64}` }));
        await db.doc.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }));
      }),
    );
  }
  db.doc.destroy();
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  client.destroy();
}
