import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { followTransactionsWithBarrier } from './local-durability.ts';
import { isStoreUnreachable, storeUnavailable } from './unavailable.ts';

export interface DbConfig {
  tableName: string;
  region?: string;
  /** Set only for DynamoDB Local. */
  endpoint?: string;
  /** The time limits (default `storeLimits`, a request's); `batchLimits` for work no one waits on. */
  limits?: StoreLimits;
}

/** What every repository receives: the document client and the table it works on. */
export interface Db {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

/**
 * Time limits on the store. A paused or dead store must become a 503 within 5 s, never a hang:
 * two attempts of at most 2 s each (plus a short backoff) fit, and DynamoDB answers in
 * milliseconds when it is well. Without `throwOnRequestTimeout` the SDK only warns.
 */
export const storeLimits = { connectionTimeoutMs: 1000, requestTimeoutMs: 2000, maxAttempts: 2 };
export type StoreLimits = typeof storeLimits;

/**
 * For the work a start does before it serves (the data migrations, the demo data): nobody waits
 * on a 503 there, and on a busy machine DynamoDB Local, still warming up, can take seconds to
 * answer a batch; a start that gave up on it would leave no server at all.
 */
export const batchLimits: StoreLimits = { connectionTimeoutMs: 5000, requestTimeoutMs: 30_000, maxAttempts: 6 };

export function createDb(config: DbConfig): Db {
  const local = config.endpoint !== undefined;
  const limits = config.limits ?? storeLimits;
  const client = new DynamoDBClient({
    region: config.region ?? (local ? 'local' : undefined),
    endpoint: config.endpoint,
    // DynamoDB Local accepts any credentials; on AWS the Lambda role provides them.
    credentials: local ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
    maxAttempts: limits.maxAttempts,
    requestHandler: {
      connectionTimeout: limits.connectionTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      throwOnRequestTimeout: true,
    },
  });
  // Outermost step, so after the retries: an unreachable store leaves as one typed error.
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw isStoreUnreachable(error) ? storeUnavailable(error) : error;
      }
    },
    { step: 'initialize', name: 'storeUnavailable', priority: 'high' },
  );
  if (local) followTransactionsWithBarrier(client, config.tableName);
  return {
    doc: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    }),
    tableName: config.tableName,
  };
}
