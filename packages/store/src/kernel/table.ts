import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table, declared once: the CDK stack, the local stack and the tests all build it
 * from these names. Item types, keys and access patterns are written down in ../TABLE.md.
 */
export const tableKeys = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** Generic list indexes: an item joins up to three lists (gsiNpk = list, gsiNsk = created order). */
export const globalIndexes = [
  { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
] as const;

export type IndexName = (typeof globalIndexes)[number]['name'];

/** DynamoDB deletes items past this epoch-seconds attribute, late; reads and conditions check it too. */
export const ttlAttribute = 'expiresAt';

/** Every item names its type here, so a scan or a stream record can tell items apart. */
export const entityTypeAttribute = '_et';

/** Who a stream record names as the deleter of an item whose TTL passed (its `userIdentity`). */
export const ttlDeleter = { type: 'Service', principalId: 'dynamodb.amazonaws.com' } as const;

/** The expiring items that are counted in a list (events, webhooks): their deletion moves a count. */
export const countedExpiringTypes = ['event', 'webhook'] as const;

/**
 * The stream filter of the expiry consumer: TTL deletions of counted items only, so neither our
 * own deletes nor the expiry of uncounted items (idempotency keys, card tokens) invoke it.
 */
export const ttlRemovalPattern = {
  eventName: ['REMOVE'],
  userIdentity: { type: [ttlDeleter.type], principalId: [ttlDeleter.principalId] },
  dynamodb: { OldImage: { [entityTypeAttribute]: { S: [...countedExpiringTypes] } } },
};

/** The table as CreateTable wants it (DynamoDB Local and tests); TTL is switched on separately. */
export const createTableInput = (tableName: string): CreateTableCommandInput => ({
  TableName: tableName,
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [
    { AttributeName: tableKeys.partitionKey, AttributeType: 'S' },
    { AttributeName: tableKeys.sortKey, AttributeType: 'S' },
    ...globalIndexes.flatMap((index) => [
      { AttributeName: index.partitionKey, AttributeType: 'S' as const },
      { AttributeName: index.sortKey, AttributeType: 'S' as const },
    ]),
  ],
  KeySchema: [
    { AttributeName: tableKeys.partitionKey, KeyType: 'HASH' },
    { AttributeName: tableKeys.sortKey, KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: globalIndexes.map((index) => ({
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  })),
  StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
});
