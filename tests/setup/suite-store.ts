import { inject } from 'vitest';
import { workersOwn } from './workers.ts';

/**
 * This worker's DynamoDB Local (dynamo.global.ts starts one per worker), refused unless it is
 * local: these tests create and fill tables.
 */
export function suiteStore() {
  const endpoint = workersOwn(inject('dynamoEndpoints'));
  const host = new URL(endpoint).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`Refusing to test against ${endpoint}`);
  return endpoint;
}
