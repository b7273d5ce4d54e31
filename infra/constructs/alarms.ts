import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnPipe } from 'aws-cdk-lib/aws-pipes';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** Share of a stage's requests answered 5xx over five minutes that raises its alarm, in percent. */
export const serverErrorRatePercent = 5;

export interface ServiceAlarmsProps {
  /** Every function of the service, by name: each gets an errors and a throttles alarm. */
  functions: Record<string, IFunction>;
  /** The API's stages, by name: each gets a 5xx rate alarm. */
  stages: Record<string, HttpStage>;
  /** Where notifications go by email, when given (`-c alarmEmail=…`). */
  email?: string;
}

const title = (name: string): string =>
  name.replace(/(^|[-_\s])([a-z0-9])/g, (_, _sep, c: string) => c.toUpperCase());

/**
 * The alarms of the stack, all notifying one SNS topic (alarm and back to OK): the depth of every
 * dead-letter queue in the stack (a queue's or a Pipe's, found in the construct tree, so a new one
 * is covered), failed executions of every Pipe, the 5xx rate of every stage, and the errors and
 * throttles of every function.
 */
export const createServiceAlarms = (scope: Construct, props: ServiceAlarmsProps): Topic => {
  // Publishing only over TLS: the topic's policy refuses plain-HTTP requests.
  const topic = new Topic(scope, 'AlarmTopic', { displayName: 'Wattle alarms', enforceSSL: true });
  if (props.email) topic.addSubscription(new EmailSubscription(props.email));
  const action = new SnsAction(topic);
  const alarm = (id: string, metric: IMetric, description: string, threshold = 1): Alarm => {
    const made = new Alarm(scope, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    made.addAlarmAction(action);
    made.addOkAction(action);
    return made;
  };

  const constructs = Stack.of(scope).node.findAll();
  // A Pipe names its dead-letter queue by ARN: the queue's own ARN token, compared as a string.
  const pipeDeadLetterArns = new Set(
    constructs.flatMap((construct) => {
      if (!(construct instanceof CfnPipe)) return [];
      const source = construct.sourceParameters as CfnPipe.PipeSourceParametersProperty | undefined;
      const stream = source?.dynamoDbStreamParameters as CfnPipe.PipeSourceDynamoDBStreamParametersProperty;
      const arn = (stream?.deadLetterConfig as CfnPipe.DeadLetterConfigProperty | undefined)?.arn;
      return arn ? [arn] : [];
    }),
  );
  const deadLetterQueues = new Set<Queue>();
  for (const construct of constructs) {
    if (!(construct instanceof Queue)) continue;
    if (construct.deadLetterQueue?.queue instanceof Queue)
      deadLetterQueues.add(construct.deadLetterQueue.queue);
    if (pipeDeadLetterArns.has(construct.queueArn)) deadLetterQueues.add(construct);
  }
  for (const queue of deadLetterQueues) {
    alarm(
      `${queue.node.id}Alarm`,
      queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      `Messages in ${queue.node.path}: work that failed every retry. Inspect, fix, then redrive.`,
    );
  }

  for (const construct of Stack.of(scope).node.findAll()) {
    if (!(construct instanceof CfnPipe)) continue;
    alarm(
      `${construct.node.id}FailedAlarm`,
      new Metric({
        namespace: 'AWS/EventBridge/Pipes',
        metricName: 'ExecutionFailed',
        dimensionsMap: { PipeName: construct.ref },
        period: Duration.minutes(5),
        statistic: 'Sum',
      }),
      `Executions of ${construct.node.path} failed: it retries a batch for up to an hour, then puts its description on its dead-letter queue; the scheduler fans out the events it gave up on.`,
    );
  }

  for (const [name, stage] of Object.entries(props.stages)) {
    const period = Duration.minutes(5);
    alarm(
      `${title(name)}Stage5xxAlarm`,
      new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: stage.metricServerError({ period, statistic: 'Sum' }),
          requests: stage.metricCount({ period, statistic: 'Sum' }),
        },
        period,
        label: `${name} 5xx %`,
      }),
      `At least ${serverErrorRatePercent}% of the ${name} stage's requests answered 5xx over 5 minutes.`,
      serverErrorRatePercent,
    );
  }

  for (const [name, fn] of Object.entries(props.functions)) {
    const period = Duration.minutes(5);
    alarm(
      `${title(name)}ErrorsAlarm`,
      fn.metricErrors({ period, statistic: 'Sum' }),
      `The ${name} function failed (threw or timed out) in the last 5 minutes.`,
    );
    alarm(
      `${title(name)}ThrottlesAlarm`,
      fn.metricThrottles({ period, statistic: 'Sum' }),
      `The ${name} function was throttled in the last 5 minutes.`,
    );
  }
  return topic;
};
