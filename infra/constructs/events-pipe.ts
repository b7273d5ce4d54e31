import { tableKeys } from '@wattle/store/table';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnPipe } from 'aws-cdk-lib/aws-pipes';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** The Pipe's filter: new event items only (the outbox writes each once, with sort key `EVENT`). */
export const eventInsertPattern = {
  eventName: ['INSERT'],
  dynamodb: { Keys: { [tableKeys.sortKey]: { S: ['EVENT'] } } },
};

/**
 * Table stream → events queue (ARCHITECTURE.md §4): each new event item goes on the queue as its
 * stream record. A Pipe retries a failed send for as long as the stream keeps the record (24 h),
 * so an event committed while SQS is down still arrives. Its role reads the stream and sends to
 * this queue, nothing else.
 */
export const createEventsPipe = (
  scope: Construct,
  id: string,
  props: { table: TableV2; queue: Queue },
): CfnPipe => {
  const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('pipes.amazonaws.com') });
  props.table.grantStreamRead(role);
  props.queue.grantSendMessages(role);
  const streamArn = props.table.tableStreamArn;
  if (!streamArn) throw new Error('The table has no stream');
  const pipe = new CfnPipe(scope, id, {
    description: 'Wattle: event items from the table stream to the events queue',
    roleArn: role.roleArn,
    source: streamArn,
    sourceParameters: {
      dynamoDbStreamParameters: { startingPosition: 'LATEST', batchSize: 10 },
      filterCriteria: { filters: [{ pattern: JSON.stringify(eventInsertPattern) }] },
    },
    target: props.queue.queueArn,
    desiredState: 'RUNNING',
  });
  // The role's policy must be in place before the Pipe starts reading.
  pipe.node.addDependency(role);
  return pipe;
};
