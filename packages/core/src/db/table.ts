// The one table definition. The local setup (CreateTable) and sst.config.ts (sst.aws.Dynamo)
// both read it, so the two cannot drift. Shaped like sst.aws.Dynamo's arguments.
export const tableDefinition = {
  fields: {
    pk: 'string',
    sk: 'string',
    gsi1pk: 'string',
    gsi1sk: 'string',
    gsi2pk: 'string',
    gsi2sk: 'string',
    gsi3pk: 'string',
    gsi3sk: 'string',
    gsi4pk: 'string',
    gsi4sk: 'string',
  },
  primaryIndex: { hashKey: 'pk', rangeKey: 'sk' },
  globalIndexes: {
    // events by creation, customers by creation, transactions by date
    gsi1: { hashKey: 'gsi1pk', rangeKey: 'gsi1sk' },
    // events ranked by conversion rate (top events); each event's purchases (renames)
    gsi2: { hashKey: 'gsi2pk', rangeKey: 'gsi2sk' },
    // every event by its date (the events list and GET /api/events, ordered by event date)
    gsi3: { hashKey: 'gsi3pk', rangeKey: 'gsi3sk' },
    // sparse: only events that can still be upcoming (draft, active), by date (dashboard)
    gsi4: { hashKey: 'gsi4pk', rangeKey: 'gsi4sk' },
  },
  ttl: 'ttl',
} as const;

export type IndexName = keyof typeof tableDefinition.globalIndexes;

/** The same definition as a DynamoDB CreateTable request (on-demand capacity). */
export function createTableInput(tableName: string) {
  const { fields, primaryIndex, globalIndexes } = tableDefinition;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: Object.keys(fields).map((name) => ({
      AttributeName: name,
      AttributeType: 'S' as const,
    })),
    KeySchema: [
      { AttributeName: primaryIndex.hashKey, KeyType: 'HASH' as const },
      { AttributeName: primaryIndex.rangeKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: Object.entries(globalIndexes).map(([name, index]) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: index.hashKey, KeyType: 'HASH' as const },
        { AttributeName: index.rangeKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
