import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type FunctionName,
  functionNames,
  functionsHandingOutLinks,
  publicBaseUrlVariable,
  queues,
  queueUrlVariable,
  routes,
} from '@wattle/routes';
import { globalIndexes } from '@wattle/store/table';
import { type CfnElement, CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Dashboard } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { cardKeyActions, filesBucketActions, functionAccess } from './constructs/access.ts';
import { createServiceAlarms } from './constructs/alarms.ts';
import { createServiceApi, type StageName, stageNames } from './constructs/api.ts';
import { createCardKey } from './constructs/card-key.ts';
import { addDeliverySources } from './constructs/delivery-sources.ts';
import { addStageDomains, stageDomainsFromContext } from './constructs/domains.ts';
import { createEventsPipe } from './constructs/events-pipe.ts';
import { addExpiryConsumer } from './constructs/expiry-consumer.ts';
import { createFilesBucket } from './constructs/files-bucket.ts';
import { createServiceFunction } from './constructs/function.ts';
import { FunctionBundles } from './constructs/function-bundles.ts';
import { functionId } from './constructs/function-id.ts';
import { createObservability } from './constructs/observability.ts';
import {
  type AccountSecret,
  createAccountSecrets,
  type DeclaredAccounts,
  grantAccountSecrets,
  processorAccountsFromContext,
} from './constructs/processor-accounts.ts';
import { createQueueWithDlq } from './constructs/queues.ts';
import { createSchedule } from './constructs/schedule.ts';
import { createTable } from './constructs/table.ts';
import { createTableKey, tableKeyActions, tableKeyStatement } from './constructs/table-key.ts';

/** The repository root: the functions' entries are resolved from here. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Table, card key, functions, HTTP API (stages test and live), the queues and the events pipe. */
export class WattleStack extends Stack {
  readonly table: TableV2;
  readonly tableKey: Key;
  readonly cardKey: Key;
  readonly filesBucket: Bucket;
  readonly functions: Record<FunctionName, LambdaFunction>;
  readonly api: HttpApi;
  readonly stages: Record<StageName, HttpStage>;
  readonly eventsQueue: Queue;
  readonly eventsDeadLetterQueue: Queue;
  readonly webhooksQueue: Queue;
  readonly webhooksDeadLetterQueue: Queue;
  readonly eventsPipeDeadLetterQueue: Queue;
  readonly alarmTopic: Topic;
  /** The business metrics' dashboard (constructs/observability.ts). */
  readonly dashboard: Dashboard;
  /** The processor accounts and the live default (`-c processorAccounts`, `-c liveProcessor`). */
  readonly processorAccounts: DeclaredAccounts;
  /** Each account's settings (a secret each), read by the functions that call processors. */
  readonly accountSecrets: readonly AccountSecret[];
  /** Every function's bundle, from one esbuild run when the first function's asset is bundled. */
  private readonly bundles = new FunctionBundles(repoRoot);

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.tableKey = createTableKey(this, 'TableKey');
    this.table = createTable(this, 'Table', { encryptionKey: this.tableKey });
    this.cardKey = createCardKey(this, 'CardKey');
    this.filesBucket = createFilesBucket(this, 'FilesBucket');
    this.processorAccounts = processorAccountsFromContext(this);
    this.accountSecrets = createAccountSecrets(this, this.processorAccounts);

    const events = createQueueWithDlq(this, 'Events', queues.events);
    this.eventsQueue = events.queue;
    this.eventsDeadLetterQueue = events.deadLetterQueue;
    const webhooks = createQueueWithDlq(this, 'Webhooks', queues.webhooks);
    this.webhooksQueue = webhooks.queue;
    this.webhooksDeadLetterQueue = webhooks.deadLetterQueue;

    this.functions = Object.fromEntries(functionNames.map((fn) => [fn, this.createFunction(fn)])) as Record<
      FunctionName,
      LambdaFunction
    >;

    const { api, stages } = createServiceApi(this, 'Api', { routes, functions: this.functions });
    this.api = api;
    this.stages = stages;

    createSchedule(this, 'SchedulerRule', this.functions.scheduler);

    this.eventsPipeDeadLetterQueue = createEventsPipe(this, 'EventsPipe', {
      table: this.table,
      queue: this.eventsQueue,
    }).deadLetterQueue;
    addDeliverySources(this.functions['webhook-delivery'], {
      events: this.eventsQueue,
      webhooks: this.webhooksQueue,
    });
    addExpiryConsumer(this, 'ExpiryConsumer', {
      table: this.table,
      consumer: this.functions['expired-items'],
    });

    new CfnOutput(this, 'TestBaseUrl', { value: `${api.apiEndpoint}/${stages.test.stageName}` });
    new CfnOutput(this, 'LiveBaseUrl', { value: `${api.apiEndpoint}/${stages.live.stageName}` });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    for (const account of this.accountSecrets)
      new CfnOutput(this, account.secret.node.id.replace('ProcessorSecret', 'ProcessorSecretArn'), {
        value: account.secret.secretArn,
        description: `Put the processor account ${account.name}'s settings here, as one JSON object`,
      });

    const domains = addStageDomains(this, { api, stages, domains: stageDomainsFromContext(this) });
    // The links a function hands out (the 3-D Secure issuer page, the self-service page) are built
    // on each environment's public base URL, its custom domain when it has one: never on a
    // request's Host or X-Forwarded-Proto.
    for (const fn of functionsHandingOutLinks) {
      for (const stage of stageNames) {
        const domain = domains[stage];
        this.functions[fn].addEnvironment(
          publicBaseUrlVariable(stage),
          domain ? `https://${domain.domainName}` : `${api.apiEndpoint}/${stages[stage].stageName}`,
        );
      }
    }
    for (const [stage, domain] of Object.entries(domains)) {
      const name = `${stage[0]!.toUpperCase()}${stage.slice(1)}`;
      new CfnOutput(this, `${name}DomainUrl`, { value: `https://${domain.domainName}` });
      new CfnOutput(this, `${name}DomainTarget`, {
        value: domain.resource.regionalDomainName,
        description: `Point ${domain.domainName} here (CNAME, or a Route 53 alias)`,
      });
    }

    // Last, so every function and dead-letter queue made above gets its alarms.
    const alarmEmail: unknown = this.node.tryGetContext('alarmEmail');
    this.alarmTopic = createServiceAlarms(this, {
      functions: this.functions,
      stages,
      email: typeof alarmEmail === 'string' && alarmEmail !== '' ? alarmEmail : undefined,
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topicArn });
    // The business metrics' dashboard and the alarms an operator acts on, on the same topic.
    this.dashboard = createObservability(this, { topic: this.alarmTopic });
  }

  /** A function with exactly the access `functionAccess` gives it. */
  private createFunction(fn: FunctionName): LambdaFunction {
    const access = functionAccess[fn];
    const environment: Record<string, string> = { WATTLE_TABLE_NAME: this.table.tableName };
    // `-c eventRetentionDays=90`: how long events and webhooks are kept (default 30, checked at start).
    const retentionDays: unknown = this.node.tryGetContext('eventRetentionDays');
    if (retentionDays !== undefined) environment.WATTLE_EVENT_RETENTION_DAYS = String(retentionDays);
    if (access.cardKey) environment.WATTLE_CARD_KMS_KEY_ID = this.cardKey.keyArn;
    const sendTo = (access.sendTo ?? []).map((name) => ({ name, queue: this.queueNamed(name) }));
    for (const { name, queue } of sendTo) environment[queueUrlVariable(name)] = queue.queueUrl;
    if (access.filesBucket) environment.WATTLE_FILES_BUCKET = this.filesBucket.bucketName;

    const lambda = createServiceFunction(this, functionId(fn), { fn, bundles: this.bundles, environment });
    if (access.table.length > 0) {
      lambda.addToRolePolicy(
        new PolicyStatement({
          actions: [...access.table],
          // Each index by name rather than `index/*`: no wildcard, and a new index is a deliberate grant.
          resources: [
            this.table.tableArn,
            ...globalIndexes.map((index) => `${this.table.tableArn}/index/${index.name}`),
          ],
        }),
      );
    }
    const tableKeyUse = tableKeyActions(access.table);
    if (tableKeyUse.length > 0) lambda.addToRolePolicy(tableKeyStatement(this, this.tableKey, tableKeyUse));
    if (access.cardKey) {
      lambda.addToRolePolicy(
        new PolicyStatement({ actions: [...cardKeyActions], resources: [this.cardKey.keyArn] }),
      );
    }
    if (sendTo.length > 0) {
      lambda.addToRolePolicy(
        new PolicyStatement({ actions: ['sqs:SendMessage'], resources: sendTo.map((s) => s.queue.queueArn) }),
      );
    }
    if (access.filesBucket) {
      lambda.addToRolePolicy(
        new PolicyStatement({
          actions: [...filesBucketActions],
          resources: [this.filesBucket.arnForObjects('*')],
        }),
      );
      const bucketId = this.getLogicalId(this.filesBucket.node.defaultChild as CfnElement);
      Validations.of(lambda.role!).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/*]`,
        reason:
          "The files function keeps one object per file under keys it makes from the merchant and the file's token: its grant covers the objects of the files bucket and nothing else, with no listing.",
      });
    }
    if (access.processor) grantAccountSecrets(lambda, this.processorAccounts.live, this.accountSecrets);
    return lambda;
  }

  private queueNamed(name: keyof typeof queues): Queue {
    return name === 'events' ? this.eventsQueue : this.webhooksQueue;
  }
}

/** The stack as the app deploys it; tests pass an App with bundling switched off. */
export const buildStack = (scope: Construct, id = 'Wattle', props?: StackProps): WattleStack =>
  new WattleStack(scope, id, props);
