import { createHmac } from 'node:crypto';

/**
 * The fake AWS identity of the local stack. Everything local talks to DynamoDB Local and fauxqs with
 * these (on DynamoDB Local, the stack's own access key in place of `local`: dynamodbAccessKeyOf),
 * and the functions get them through the environment, so a developer's real AWS credentials can
 * never be picked up by a locally running function.
 */
export const localRegion = 'ap-southeast-2';
export const localAccountId = '000000000000';
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/**
 * Client settings for an emulator at `endpoint`, as `accessKeyId` (DynamoDB Local keeps a database
 * per access key unless it shares one: the stack's is its own key's; see dynamodbAccessKeyOf).
 */
export const localClientConfig = (endpoint: string, accessKeyId: string = localCredentials.accessKeyId) => ({
  endpoint,
  region: localRegion,
  credentials: { ...localCredentials, accessKeyId },
});

/**
 * The access key of a stack's own database in DynamoDB Local, derived from its card key (kept in
 * the data directory, fresh for `--in-memory`): DynamoDB Local listens on every interface and
 * keeps one database per access key, so a host that does not know the key reaches an empty one of
 * its own, never the stack's table. The same data directory gives the same key after a restart.
 */
export const dynamodbAccessKeyOf = (cardKey: string): string =>
  `wattle${createHmac('sha256', Buffer.from(cardKey, 'hex')).update('dynamodb-local access key').digest('hex').slice(0, 32)}`;
