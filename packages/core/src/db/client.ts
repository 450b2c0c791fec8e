import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface DbConfig {
  tableName: string;
  region?: string;
  /** Set only for DynamoDB Local. */
  endpoint?: string;
}

/** What every repository receives: the document client and the table it works on. */
export interface Db {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

export function createDb(config: DbConfig): Db {
  const local = config.endpoint !== undefined;
  const client = new DynamoDBClient({
    region: config.region ?? (local ? 'local' : undefined),
    endpoint: config.endpoint,
    // DynamoDB Local accepts any credentials; on AWS the Lambda role provides them.
    credentials: local ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
    maxAttempts: local ? 2 : 3,
  });
  return {
    doc: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    }),
    tableName: config.tableName,
  };
}
