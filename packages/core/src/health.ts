import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { Db } from './db/client.ts';
import { DomainError } from './error.ts';

/** GET /api/health answers within 2 s, store or not: one short try, and a deadline over it. */
const healthDeadlineMs = 1500;

const notAnswering = (why: string) => new DomainError('unavailable', `The database is not answering: ${why}`);

/** Whether the table answers (GET /api/health). */
export async function check(db: Db) {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(notAnswering(`no answer within ${healthDeadlineMs / 1000} s`));
    }, healthDeadlineMs);
  });
  try {
    const describe = db.doc.send(new DescribeTableCommand({ TableName: db.tableName }), {
      abortSignal: abort.signal,
      requestTimeout: healthDeadlineMs / 2,
    });
    const result = await Promise.race([describe, deadline]);
    if (result.Table?.TableStatus !== 'ACTIVE') throw new Error(`table is ${result.Table?.TableStatus}`);
  } catch (error) {
    if (error instanceof DomainError && error.message.startsWith('The database is not answering')) throw error;
    throw notAnswering(error instanceof DomainError ? 'it cannot be reached' : error instanceof Error ? error.message : 'unknown error');
  } finally {
    clearTimeout(timer);
  }
  return { status: 'ok' as const, database: 'up' as const };
}
