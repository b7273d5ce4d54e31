import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

/** Runs the scheduler every minute: refunds to settle, webhooks to retry, subscriptions to bill. */
export const createSchedule = (scope: Construct, id: string, scheduler: IFunction): Rule =>
  new Rule(scope, id, {
    description: 'Runs the Wattle scheduler: every job that became due',
    schedule: Schedule.rate(Duration.minutes(1)),
    targets: [new LambdaFunction(scheduler, { retryAttempts: 0 })],
  });
