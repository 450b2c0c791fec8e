import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '@event-admin/functions/local/dynamo-local';

/** One in-memory DynamoDB Local for the integration suite; each test file makes its own table. */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal({});
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    baseUrl: string;
    adminPassword: string;
  }
}
