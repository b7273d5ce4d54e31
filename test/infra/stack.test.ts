import { type FunctionName, fallbackFunction, functionNames, queues, routeKey, routes } from '@wattle/routes';
import { globalIndexes, tableKeys, ttlAttribute } from '@wattle/store';
import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionAccess } from '../../infra/constructs/access.ts';
import type { WattleStack } from '../../infra/stack.ts';
import { defaultStack } from '../helpers/default-stack.ts';
import { templateStatements } from '../helpers/template-statements.ts';

interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}
interface Statement {
  Effect: string;
  Action: string | string[];
}
interface Ref {
  Ref: string;
}

let stack: WattleStack;
let template: Template;

const logicalId = (element: CfnElement): string => stack.resolve(element.logicalId) as string;
const resources = (type: string): Record<string, CfnResource> =>
  template.findResources(type) as Record<string, CfnResource>;
const props = (resource: CfnResource | undefined): Record<string, unknown> => resource?.Properties ?? {};
const functionLogicalId = (fn: FunctionName): string =>
  logicalId(stack.functions[fn].node.defaultChild as CfnElement);
const actionsOf = (statement: Statement): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** `integrations/<id>` as CloudFormation writes it: { Fn::Join: ['', ['integrations/', { Ref: id }]] }. */
const integrationIdOfTarget = (target: unknown): string => {
  const join = (target as { 'Fn::Join': [string, [string, Ref]] })['Fn::Join'];
  expect(join[1][0]).toBe('integrations/');
  return join[1][1].Ref;
};
/** The function a route reaches: route Target → integration → IntegrationUri { Fn::GetAtt: [fn, 'Arn'] }. */
const functionOfRoute = (route: CfnResource): string => {
  const integration = resources('AWS::ApiGatewayV2::Integration')[integrationIdOfTarget(props(route).Target)];
  const uri = props(integration).IntegrationUri as { 'Fn::GetAtt': [string, string] };
  expect(uri['Fn::GetAtt'][1]).toBe('Arn');
  return uri['Fn::GetAtt'][0];
};

const allStatements = (): Statement[] => templateStatements(template);

/** Statements of the IAM policies attached to a function's execution role. */
const roleStatements = (fn: FunctionName): Statement[] => {
  const role = props(resources('AWS::Lambda::Function')[functionLogicalId(fn)]).Role as {
    'Fn::GetAtt': [string, string];
  };
  const roleId = role['Fn::GetAtt'][0];
  expect(props(resources('AWS::IAM::Role')[roleId]).Policies).toBeUndefined();
  return Object.values(resources('AWS::IAM::Policy'))
    .filter((policy) => (props(policy).Roles as Ref[]).some((r) => r.Ref === roleId))
    .flatMap((policy) => (props(policy).PolicyDocument as { Statement: Statement[] }).Statement);
};

/** The KMS actions of a function on the card key (the table key's use is checked in production.test.ts). */
const cardKeyActionsOf = (fn: FunctionName): string[] => {
  const cardKeyArn = { 'Fn::GetAtt': [logicalId(stack.cardKey.node.defaultChild as CfnElement), 'Arn'] };
  return roleStatements(fn)
    .filter(
      (s) => JSON.stringify((s as Statement & { Resource: unknown }).Resource) === JSON.stringify(cardKeyArn),
    )
    .flatMap(actionsOf)
    .filter((a) => a.startsWith('kms:'));
};

beforeAll(() => {
  ({ stack, template } = defaultStack());
});

describe('HTTP API', () => {
  it('has one route per route table entry, each reaching the function the table names', () => {
    const byKey = new Map(
      Object.values(resources('AWS::ApiGatewayV2::Route')).map((r) => [props(r).RouteKey as string, r]),
    );
    expect(byKey.size).toBe(routes.length + 1);
    for (const route of routes) {
      const resource = byKey.get(routeKey(route));
      expect(resource, routeKey(route)).toBeDefined();
      expect(functionOfRoute(resource!), routeKey(route)).toBe(functionLogicalId(route.fn));
    }
  });

  it('sends every unmatched request ($default) to the not-found function', () => {
    const fallback = Object.values(resources('AWS::ApiGatewayV2::Route')).find(
      (r) => props(r).RouteKey === '$default',
    );
    expect(fallback).toBeDefined();
    expect(functionOfRoute(fallback!)).toBe(functionLogicalId(fallbackFunction));
    expect(fallbackFunction).toBe('not-found');
  });

  it('uses one integration per function', () => {
    const used = new Set([...routes.map((r) => r.fn), fallbackFunction]);
    expect(Object.keys(resources('AWS::ApiGatewayV2::Integration'))).toHaveLength(used.size);
  });

  it('has the stages test and live, auto-deployed and throttled, and no $default stage', () => {
    const stages = Object.values(resources('AWS::ApiGatewayV2::Stage')).map(props);
    expect(stages.map((s) => s.StageName).sort()).toEqual(['live', 'test']);
    for (const stage of stages) {
      expect(stage.AutoDeploy).toBe(true);
      expect(stage.DefaultRouteSettings).toMatchObject({
        ThrottlingBurstLimit: 200,
        ThrottlingRateLimit: 100,
      });
    }
  });
});

describe('table', () => {
  it('is the single table of @wattle/store, protected and retained', () => {
    const tables = Object.values(resources('AWS::DynamoDB::GlobalTable'));
    expect(tables).toHaveLength(1);
    const table = tables[0]!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    expect(props(table)).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableKeys.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableKeys.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      Replicas: [
        {
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
        },
      ],
    });
    expect(ttlAttribute).toBe('expiresAt');
    const indexes = props(table).GlobalSecondaryIndexes as unknown[];
    expect(indexes).toHaveLength(3);
    expect(indexes).toEqual(
      globalIndexes.map((index) =>
        expect.objectContaining({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
    );
  });
});

describe('functions', () => {
  it('are one per function name, all nodejs22.x on arm64', () => {
    const lambdas = Object.values(resources('AWS::Lambda::Function')).map(props);
    expect(lambdas).toHaveLength(functionNames.length);
    for (const lambda of lambdas) {
      expect(lambda.Runtime).toBe('nodejs22.x');
      expect(lambda.Architectures).toEqual(['arm64']);
    }
  });

  it('carry the table name everywhere and the card key only where cards are handled', () => {
    const lambdas = resources('AWS::Lambda::Function');
    for (const fn of functionNames) {
      const variables = (
        props(lambdas[functionLogicalId(fn)]).Environment as { Variables: Record<string, unknown> }
      ).Variables;
      expect(variables).toMatchObject({ WATTLE_LOG_LEVEL: 'INFO' });
      // No --enable-source-maps at every cold start: a logged error's stack is mapped then.
      expect(variables.NODE_OPTIONS).toBeUndefined();
      expect(variables.WATTLE_TABLE_NAME).toBeDefined();
      expect('WATTLE_CARD_KMS_KEY_ID' in variables, fn).toBe(functionAccess[fn].cardKey);
    }
  });
});

describe('least privilege', () => {
  it('grants no wildcard action and no Scan anywhere', () => {
    const allowed = allStatements()
      .filter((s) => s.Effect === 'Allow')
      .flatMap(actionsOf);
    expect(allowed).not.toContain('*');
    expect(allowed.filter((a) => a.startsWith('dynamodb:') && a.includes('*'))).toEqual([]);
    expect(allowed).not.toContain('dynamodb:Scan');
  });

  it('gives the not-found function no table access at all', () => {
    const actions = roleStatements('not-found').flatMap(actionsOf);
    expect(actions.filter((a) => a.startsWith('dynamodb:') || a.startsWith('kms:'))).toEqual([]);
  });

  it('gives cards and customers exactly the item actions, and only data-key use of the card key', () => {
    for (const fn of ['cards', 'customers'] as const) {
      const actions = roleStatements(fn).flatMap(actionsOf);
      expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual(
        [
          'dynamodb:BatchGetItem',
          'dynamodb:ConditionCheckItem',
          'dynamodb:DeleteItem',
          'dynamodb:GetItem',
          'dynamodb:PutItem',
          'dynamodb:Query',
          'dynamodb:UpdateItem',
        ].sort(),
      );
      expect(cardKeyActionsOf(fn).sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
    }
  });

  it('lets only the functions that pay transfers out write a batch (their line items)', () => {
    const batchWriters = functionNames.filter((fn) =>
      roleStatements(fn).flatMap(actionsOf).includes('dynamodb:BatchWriteItem'),
    );
    expect(batchWriters.sort()).toEqual(['scheduler', 'transfers']);
  });

  it('rotates the card key', () => {
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
  });
});

describe('scheduler', () => {
  it('runs every minute, on the scheduler function', () => {
    const rules = Object.values(resources('AWS::Events::Rule')).map(props);
    expect(rules).toHaveLength(1);
    expect(rules[0]!.ScheduleExpression).toBe('rate(1 minute)');
    const targets = rules[0]!.Targets as Array<{ Arn: { 'Fn::GetAtt': [string, string] } }>;
    expect(targets.map((t) => t.Arn['Fn::GetAtt'][0])).toEqual([functionLogicalId('scheduler')]);
  });
});

describe('events queue', () => {
  it('redrives to an encrypted dead-letter queue that keeps messages 14 days', () => {
    const queue = props(
      resources('AWS::SQS::Queue')[logicalId(stack.eventsQueue.node.defaultChild as CfnElement)],
    );
    const dlqId = logicalId(stack.eventsDeadLetterQueue.node.defaultChild as CfnElement);
    expect(queue.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
      maxReceiveCount: queues.events.maxReceiveCount,
    });
    expect(queue.SqsManagedSseEnabled).toBe(true);
    const dlq = props(resources('AWS::SQS::Queue')[dlqId]);
    expect(dlq).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
  });
});

describe('webhook pipeline', () => {
  const getAtt = (element: CfnElement, attribute: string) => ({
    'Fn::GetAtt': [logicalId(element), attribute],
  });
  const queueArn = (queue: WattleStack['eventsQueue']) =>
    getAtt(queue.node.defaultChild as CfnElement, 'Arn');
  const tableElement = () => stack.table.node.defaultChild as CfnElement;

  it('pipes new event items from the table stream to the events queue', () => {
    const pipes = Object.values(resources('AWS::Pipes::Pipe'));
    expect(pipes).toHaveLength(1);
    const pipe = props(pipes[0]) as {
      Source: unknown;
      Target: unknown;
      RoleArn: { 'Fn::GetAtt': [string, string] };
      SourceParameters: { FilterCriteria: { Filters: { Pattern: string }[] } };
    };
    expect(pipe.Source).toEqual(getAtt(tableElement(), 'StreamArn'));
    expect(pipe.Target).toEqual(queueArn(stack.eventsQueue));
    expect(pipe.SourceParameters.FilterCriteria.Filters.map((f) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT'], dynamodb: { Keys: { [tableKeys.sortKey]: { S: ['EVENT'] } } } },
    ]);
    // Its role reads the stream and sends to the events queue, nothing else.
    const roleId = pipe.RoleArn['Fn::GetAtt'][0];
    const statements = Object.values(resources('AWS::IAM::Policy'))
      .filter((policy) => (props(policy).Roles as Ref[]).some((r) => r.Ref === roleId))
      .flatMap(
        (policy) =>
          (props(policy).PolicyDocument as { Statement: (Statement & { Resource: unknown })[] }).Statement,
      );
    const sends = statements.filter((s) => actionsOf(s).includes('sqs:SendMessage'));
    expect(sends.map((s) => s.Resource)).toEqual([
      queueArn(stack.eventsQueue),
      queueArn(stack.eventsPipeDeadLetterQueue),
    ]);
    expect(statements.flatMap(actionsOf)).toContain('dynamodb:GetRecords');
    expect(
      statements
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('dynamodb:') && !/Stream|GetRecords|GetShardIterator/.test(a)),
    ).toEqual([]);
  });

  it("starts at the stream's oldest record, gives up on a batch within an hour, and dead-letters it encrypted", () => {
    const pipe = props(Object.values(resources('AWS::Pipes::Pipe'))[0]) as {
      SourceParameters: { DynamoDBStreamParameters: Record<string, unknown> };
    };
    const stream = pipe.SourceParameters.DynamoDBStreamParameters;
    expect(stream).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      OnPartialBatchItemFailure: 'AUTOMATIC_BISECT',
      DeadLetterConfig: { Arn: queueArn(stack.eventsPipeDeadLetterQueue) },
    });
    // Bounded, and well inside the stream's 24 h, so the Pipe moves past a record it cannot send.
    expect(stream.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(stream.MaximumRetryAttempts).toBeLessThanOrEqual(100);
    expect(stream.MaximumRecordAgeInSeconds).toBeGreaterThanOrEqual(600);
    expect(stream.MaximumRecordAgeInSeconds).toBeLessThan(24 * 3600);
    const dlq = props(
      resources('AWS::SQS::Queue')[
        logicalId(stack.eventsPipeDeadLetterQueue.node.defaultChild as CfnElement)
      ],
    );
    expect(dlq).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
    // Only over TLS, as every queue of the stack.
    const policies = Object.values(resources('AWS::SQS::QueuePolicy')).map(props);
    expect(
      policies.some(
        (policy) =>
          JSON.stringify(policy.Queues).includes(
            logicalId(stack.eventsPipeDeadLetterQueue.node.defaultChild as CfnElement),
          ) && JSON.stringify(policy.PolicyDocument).includes('aws:SecureTransport'),
      ),
    ).toBe(true);
  });

  it('has the delivery function consume both queues, reporting partial batch failures, concurrency bounded', () => {
    // The queues' mappings: the table stream's (the expiry consumer) is tested in expiry.test.ts.
    const mappings = Object.values(resources('AWS::Lambda::EventSourceMapping'))
      .map(props)
      .filter((m) => !('StartingPosition' in m));
    expect(mappings).toHaveLength(2);
    expect(mappings.map((m) => m.EventSourceArn)).toEqual(
      expect.arrayContaining([queueArn(stack.eventsQueue), queueArn(stack.webhooksQueue)]),
    );
    for (const mapping of mappings) {
      expect(mapping).toMatchObject({
        FunctionName: { Ref: functionLogicalId('webhook-delivery') },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: expect.any(Number) },
      });
    }
  });

  it('gives every queue a dead-letter queue', () => {
    const all = resources('AWS::SQS::Queue');
    const deadLetterIds = new Set(
      Object.values(all).flatMap((queue) => {
        const policy = props(queue).RedrivePolicy as
          | { deadLetterTargetArn: { 'Fn::GetAtt': [string] } }
          | undefined;
        return policy ? [policy.deadLetterTargetArn['Fn::GetAtt'][0]] : [];
      }),
    );
    // The Pipe's dead-letter queue is a dead-letter queue too, named by the Pipe rather than a queue.
    const pipeDeadLetterId = logicalId(stack.eventsPipeDeadLetterQueue.node.defaultChild as CfnElement);
    const main = Object.keys(all).filter((id) => !deadLetterIds.has(id) && id !== pipeDeadLetterId);
    expect(main.sort()).toEqual(
      [stack.eventsQueue, stack.webhooksQueue]
        .map((q) => logicalId(q.node.defaultChild as CfnElement))
        .sort(),
    );
    expect(deadLetterIds.size).toBe(main.length);
    for (const id of main) {
      expect(props(all[id]).RedrivePolicy).toMatchObject({
        maxReceiveCount: queues.webhooks.maxReceiveCount,
      });
    }
  });

  it('lets only the functions that ask for deliveries send to the webhooks queue, and tells them its URL', () => {
    const lambdas = resources('AWS::Lambda::Function');
    for (const fn of functionNames) {
      const sends = roleStatements(fn).filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:Send')));
      const variables = (
        props(lambdas[functionLogicalId(fn)]).Environment as { Variables: Record<string, unknown> }
      ).Variables;
      const asks = (functionAccess[fn].sendTo ?? []).includes('webhooks');
      expect(sends.length > 0, fn).toBe(asks);
      expect('WATTLE_WEBHOOKS_QUEUE_URL' in variables, fn).toBe(asks);
      for (const statement of sends) {
        expect(actionsOf(statement), fn).toEqual(['sqs:SendMessage']);
        expect((statement as Statement & { Resource: unknown }).Resource, fn).toEqual(
          queueArn(stack.webhooksQueue),
        );
      }
    }
    expect(
      ['scheduler', 'webhooks', 'webhook-delivery'].every((fn) => functionAccess[fn as FunctionName].sendTo),
    ).toBe(true);
  });

  it("tells the delivery function each queue's ARN, to know a record's queue by its eventSourceARN", () => {
    const lambdas = resources('AWS::Lambda::Function');
    for (const fn of functionNames) {
      const variables = (
        props(lambdas[functionLogicalId(fn)]).Environment as { Variables: Record<string, unknown> }
      ).Variables;
      const arns = {
        events: variables.WATTLE_EVENTS_QUEUE_ARN,
        webhooks: variables.WATTLE_WEBHOOKS_QUEUE_ARN,
      };
      expect({ fn, arns }, fn).toEqual({
        fn,
        arns:
          fn === 'webhook-delivery'
            ? { events: queueArn(stack.eventsQueue), webhooks: queueArn(stack.webhooksQueue) }
            : { events: undefined, webhooks: undefined },
      });
    }
  });

  it('never lets webhooks reach loopback in AWS (only the local stack allows it)', () => {
    for (const lambda of Object.values(resources('AWS::Lambda::Function'))) {
      const variables = (props(lambda).Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.WATTLE_WEBHOOK_ALLOW_LOOPBACK).toBeUndefined();
    }
  });

  it('keeps the webhook functions away from the card key, and the events function to reads', () => {
    for (const fn of ['webhook-endpoints', 'webhooks', 'events', 'webhook-delivery'] as const) {
      expect(cardKeyActionsOf(fn), fn).toEqual([]);
    }
    expect(
      roleStatements('events')
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('dynamodb:'))
        .sort(),
    ).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
  });
});

describe('outputs', () => {
  it('names the base URLs of both environments, the table and the alarm topic', () => {
    expect(Object.keys(template.findOutputs('*')).sort()).toEqual([
      'AlarmTopicArn',
      'LiveBaseUrl',
      'TableName',
      'TestBaseUrl',
    ]);
  });
});
