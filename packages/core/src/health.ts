import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { Db } from './db/client.ts';
import { DomainError } from './error.ts';

/** Whether the table answers (GET /api/health). */
export async function check(db: Db) {
  try {
    const result = await db.doc.send(new DescribeTableCommand({ TableName: db.tableName }));
    if (result.Table?.TableStatus !== 'ACTIVE') throw new Error(`table is ${result.Table?.TableStatus}`);
  } catch (error) {
    throw new DomainError('unavailable', `The database is not answering: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
  return { status: 'ok' as const, database: 'up' as const };
}
