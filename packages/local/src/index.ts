export { localClientConfig, localCredentials } from './aws.ts';
export type { EnvironmentInfo, NewMerchant } from './control.ts';
export { describeStack } from './describe.ts';
export { type DynamoDbLocal, type DynamoDbLocalOptions, startDynamoDbLocal } from './dynamodb-local.ts';
export { ttlRemovalRecord } from './expiry-sweep.ts';
export { type FixedKeys, fixedKeyVariables, readFixedKeys } from './fixed-keys.ts';
export { freePort } from './free-port.ts';
export { handlersBeside, locateHandlers } from './functions.ts';
export { buildEvent, joinHeaders, routeRequest } from './gateway.ts';
export { type Job, registeredJobs, registerJob, runJobs } from './jobs.ts';
export type { MetricTotal } from './metrics.ts';
export {
  type QueueConsumer,
  type QueueSource,
  type SqsHandler,
  sqsQueueSource,
  startQueueConsumer,
} from './queue-consumer.ts';
export { type RequestLogEntry, requestLogName } from './request-log.ts';
export {
  defaultPort,
  type LocalStack,
  type LocalStackInfo,
  type LocalStackOptions,
  localTableName,
  startLocalStack,
} from './stack.ts';
export { runStartCommand } from './start-command.ts';
export { isEventInsert, pipeMessageBody } from './stream-pipe.ts';
