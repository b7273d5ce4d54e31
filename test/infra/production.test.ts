import {
  type FunctionName,
  functionNames,
  functionsHandingOutLinks,
  publicBaseUrlVariable,
} from '@wattle/routes';
import type { CfnElement, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionAccess } from '../../infra/constructs/access.ts';
import { stageNames } from '../../infra/constructs/api.ts';
import { tableKeyActions } from '../../infra/constructs/table-key.ts';
import { buildStack, type WattleStack } from '../../infra/stack.ts';
import { defaultStack, synthStack, testApp, testEnv } from '../helpers/default-stack.ts';

/**
 * What issue #7 adds for production: the table's own key, alarms on every dead-letter queue,
 * stage and function, the alarm topic, custom domains from context, and the resource list.
 */

interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
}
interface Statement {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Condition?: unknown;
}

const certificateArn = 'arn:aws:acm:ap-southeast-2:111111111111:certificate/0000-test';
const withContext = {
  testDomain: 'api-test.shop.example',
  liveDomain: 'api.shop.example',
  certificateArn,
  alarmEmail: 'ops@shop.example',
};

let stack: WattleStack;
let template: Template;
let custom: { stack: WattleStack; template: Template };

beforeAll(() => {
  ({ stack, template } = defaultStack());
  custom = synthStack(withContext);
});

const idOf = (s: Stack, element: CfnElement): string => s.resolve(element.logicalId) as string;
const resources = (t: Template, type: string): Record<string, CfnResource> =>
  t.findResources(type) as Record<string, CfnResource>;
const props = (resource: CfnResource | undefined): Record<string, unknown> => resource?.Properties ?? {};
const actionsOf = (statement: Statement): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];
const getAtt = (id: string, attribute: string) => ({ 'Fn::GetAtt': [id, attribute] });
const functionId = (fn: FunctionName): string =>
  idOf(stack, stack.functions[fn].node.defaultChild as CfnElement);
const tableKeyId = (): string => idOf(stack, stack.tableKey.node.defaultChild as CfnElement);
const alarms = (): Record<string, unknown>[] =>
  Object.values(resources(template, 'AWS::CloudWatch::Alarm')).map(props);
const topicRef = (): { Ref: string } => ({
  Ref: idOf(stack, stack.alarmTopic.node.defaultChild as CfnElement),
});

/** Statements of the IAM policies attached to a role. */
const statementsOfRole = (roleId: string): Statement[] =>
  Object.values(resources(template, 'AWS::IAM::Policy'))
    .filter((policy) => (props(policy).Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((policy) => (props(policy).PolicyDocument as { Statement: Statement[] }).Statement);
const roleOf = (fn: FunctionName): string =>
  (props(resources(template, 'AWS::Lambda::Function')[functionId(fn)]).Role as { 'Fn::GetAtt': [string] })[
    'Fn::GetAtt'
  ][0];
const onTableKey = (statement: Statement): boolean =>
  JSON.stringify(statement.Resource) === JSON.stringify(getAtt(tableKeyId(), 'Arn'));

describe('table encryption', () => {
  it('encrypts the table, its indexes and stream with the stack’s own key, rotated and retained', () => {
    const table = Object.values(resources(template, 'AWS::DynamoDB::GlobalTable'))[0]!;
    expect(props(table)).toMatchObject({
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      Replicas: [
        {
          SSESpecification: { KMSMasterKeyId: getAtt(tableKeyId(), 'Arn') },
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
        },
      ],
    });
    const key = resources(template, 'AWS::KMS::Key')[tableKeyId()]!;
    expect(props(key).EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
    expect(tableKeyId()).not.toBe(idOf(stack, stack.cardKey.node.defaultChild as CfnElement));
  });

  it('lets each function use the table key only as its table access needs, and only through DynamoDB', () => {
    for (const fn of functionNames) {
      const statements = statementsOfRole(roleOf(fn)).filter(onTableKey);
      const expected = tableKeyActions(functionAccess[fn].table);
      expect(statements.flatMap(actionsOf).sort(), fn).toEqual([...expected].sort());
      for (const statement of statements) {
        expect(statement.Condition, fn).toEqual({
          StringEquals: { 'kms:ViaService': 'dynamodb.ap-southeast-2.amazonaws.com' },
        });
      }
    }
    expect(tableKeyActions(functionAccess.events.table).sort()).toEqual(['kms:Decrypt', 'kms:DescribeKey']);
    expect(tableKeyActions(functionAccess.charges.table).sort()).toEqual(
      ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey'].sort(),
    );
  });

  it('lets the events pipe decrypt the stream and nothing more', () => {
    const pipe = props(Object.values(resources(template, 'AWS::Pipes::Pipe'))[0]);
    const roleId = (pipe.RoleArn as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    expect(statementsOfRole(roleId).filter(onTableKey).flatMap(actionsOf).sort()).toEqual([
      'kms:Decrypt',
      'kms:DescribeKey',
    ]);
  });

  it('grants no wildcard action on either key', () => {
    const keys = [stack.tableKey, stack.cardKey].map((k) =>
      JSON.stringify(getAtt(idOf(stack, k.node.defaultChild as CfnElement), 'Arn')),
    );
    const onKeys = Object.values(resources(template, 'AWS::IAM::Policy'))
      .flatMap((policy) => (props(policy).PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => keys.includes(JSON.stringify(s.Resource)));
    expect(onKeys.length).toBeGreaterThan(0);
    expect(onKeys.flatMap(actionsOf).filter((a) => a.includes('*'))).toEqual([]);
  });
});

describe('alarms', () => {
  /** The queues' dead-letter queues (their redrive targets), and the Pipes' (their DLQ targets). */
  const deadLetterQueueIds = (): string[] => [
    ...Object.values(resources(template, 'AWS::SQS::Queue')).flatMap((queue) => {
      const policy = props(queue).RedrivePolicy as
        | { deadLetterTargetArn: { 'Fn::GetAtt': [string] } }
        | undefined;
      return policy ? [policy.deadLetterTargetArn['Fn::GetAtt'][0]] : [];
    }),
    ...Object.values(resources(template, 'AWS::Pipes::Pipe')).flatMap((pipe) => {
      const source = props(pipe).SourceParameters as {
        DynamoDBStreamParameters?: { DeadLetterConfig?: { Arn: { 'Fn::GetAtt': [string] } } };
      };
      const arn = source.DynamoDBStreamParameters?.DeadLetterConfig?.Arn;
      return arn ? [arn['Fn::GetAtt'][0]] : [];
    }),
  ];

  it('notify the alarm topic on alarm and on recovery, and alarm on missing data only for the scheduler', () => {
    expect(alarms().length).toBeGreaterThan(0);
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions).toEqual([topicRef()]);
      expect(alarm.OKActions).toEqual([topicRef()]);
      // The scheduler emits its lag every minute: no data means it is not running.
      expect(alarm.TreatMissingData).toBe(alarm.MetricName === 'SchedulerLag' ? 'breaching' : 'notBreaching');
    }
  });

  it('watch the depth of every dead-letter queue', () => {
    const ids = deadLetterQueueIds();
    // The events and webhooks queues', and the events pipe's.
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      expect(alarms(), id).toContainEqual(
        expect.objectContaining({
          Namespace: 'AWS/SQS',
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Dimensions: [{ Name: 'QueueName', Value: getAtt(id, 'QueueName') }],
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        }),
      );
    }
  });

  it('watch failed executions of the events pipe', () => {
    const pipeIds = Object.keys(resources(template, 'AWS::Pipes::Pipe'));
    expect(pipeIds).toHaveLength(1);
    expect(alarms()).toContainEqual(
      expect.objectContaining({
        Namespace: 'AWS/EventBridge/Pipes',
        MetricName: 'ExecutionFailed',
        Dimensions: [{ Name: 'PipeName', Value: { Ref: pipeIds[0] } }],
        Statistic: 'Sum',
        Threshold: 1,
      }),
    );
  });

  it('watch the errors and the throttles of every function', () => {
    for (const fn of functionNames) {
      for (const metric of ['Errors', 'Throttles']) {
        expect(alarms(), `${fn} ${metric}`).toContainEqual(
          expect.objectContaining({
            Namespace: 'AWS/Lambda',
            MetricName: metric,
            Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionId(fn) } }],
            Statistic: 'Sum',
            Threshold: 1,
          }),
        );
      }
    }
    // And the business metrics' three (test/infra/observability.test.ts).
    expect(alarms()).toHaveLength(
      deadLetterQueueIds().length + 1 + stageNames.length + 2 * functionNames.length + 3,
    );
  });

  it('watch the share of 5xx answers of each stage', () => {
    for (const stage of stageNames) {
      const alarm = alarms().find((a) =>
        (
          a.Metrics as { MetricStat?: { Metric: { MetricName: string; Dimensions: unknown } } }[] | undefined
        )?.some(
          (m) =>
            m.MetricStat?.Metric.MetricName === '5xx' &&
            JSON.stringify(m.MetricStat.Metric.Dimensions).includes(`"Value":"${stage}"`),
        ),
      );
      expect(alarm, stage).toBeDefined();
      expect(alarm!.Threshold).toBe(5);
      const metrics = alarm!.Metrics as {
        Expression?: string;
        MetricStat?: { Metric: { MetricName: string } };
      }[];
      expect(
        metrics
          .map((m) => m.MetricStat?.Metric.MetricName)
          .filter(Boolean)
          .sort(),
      ).toEqual(['5xx', 'Count']);
      expect(metrics.find((m) => m.Expression)?.Expression).toBe(
        'IF(requests > 0, 100 * errors / requests, 0)',
      );
    }
  });

  it('have a topic, subscribed by email only when alarmEmail is given, and its ARN as an output', () => {
    expect(Object.keys(resources(template, 'AWS::SNS::Topic'))).toHaveLength(1);
    expect(resources(template, 'AWS::SNS::Subscription')).toEqual({});
    expect(template.findOutputs('AlarmTopicArn').AlarmTopicArn).toMatchObject({ Value: topicRef() });
    const subscriptions = Object.values(resources(custom.template, 'AWS::SNS::Subscription')).map(props);
    expect(subscriptions).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: withContext.alarmEmail }),
    ]);
  });
});

describe('custom domains', () => {
  it('are none without context', () => {
    expect(resources(template, 'AWS::ApiGatewayV2::DomainName')).toEqual({});
    expect(resources(template, 'AWS::ApiGatewayV2::ApiMapping')).toEqual({});
  });

  it('map each domain from context to its stage, with the certificate given', () => {
    const s = custom.stack;
    const domains = resources(custom.template, 'AWS::ApiGatewayV2::DomainName');
    const mappings = Object.values(resources(custom.template, 'AWS::ApiGatewayV2::ApiMapping')).map(props);
    expect(mappings).toHaveLength(2);
    for (const stage of stageNames) {
      const domainName = withContext[`${stage}Domain`];
      const [domainId, domain] = Object.entries(domains).find(([, d]) => props(d).DomainName === domainName)!;
      expect(props(domain).DomainNameConfigurations).toEqual([
        expect.objectContaining({ CertificateArn: certificateArn, EndpointType: 'REGIONAL' }),
      ]);
      expect(mappings).toContainEqual({
        ApiId: { Ref: idOf(s, s.api.node.defaultChild as CfnElement) },
        DomainName: { Ref: domainId },
        Stage: s.stages[stage].stageName,
      });
      const name = `${stage[0]!.toUpperCase()}${stage.slice(1)}`;
      const outputs = custom.template.findOutputs('*');
      expect(outputs[`${name}DomainUrl`]?.Value, stage).toBe(`https://${domainName}`);
      expect(outputs[`${name}DomainTarget`]?.Value, stage).toEqual(getAtt(domainId, 'RegionalDomainName'));
    }
  });

  it("are the base URLs the link-handing functions build their links on; the stages' URLs without them", () => {
    const variablesOf = (t: { stack: WattleStack; template: Template }, fn: FunctionName) =>
      (
        props(resources(t.template, 'AWS::Lambda::Function')[functionId(fn)]).Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
    const apiId = idOf(stack, stack.api.node.defaultChild as CfnElement);
    for (const fn of functionNames) {
      const handsOutLinks = (functionsHandingOutLinks as readonly string[]).includes(fn);
      for (const stage of stageNames) {
        const variable = publicBaseUrlVariable(stage);
        if (!handsOutLinks) {
          expect(variablesOf(custom, fn)[variable], `${fn} ${stage}`).toBeUndefined();
          continue;
        }
        expect(variablesOf(custom, fn)[variable]).toBe(`https://${withContext[`${stage}Domain`]}`);
        expect(variablesOf({ stack, template }, fn)[variable]).toEqual({
          'Fn::Join': ['', [getAtt(apiId, 'ApiEndpoint'), `/${stage}`]],
        });
      }
    }
  });

  it('refuse a domain without a certificate', () => {
    const app = testApp({ liveDomain: 'api.shop.example' });
    expect(() => buildStack(app, 'NoCertificate', { env: testEnv })).toThrow(/certificateArn/);
  });
});

describe('resources', () => {
  it('are the reviewed list (update with `npx vitest run --project infra -u` when a change is meant)', () => {
    const list = Object.entries(template.toJSON().Resources as Record<string, CfnResource>)
      .map(([id, resource]) => `${id}: ${resource.Type}`)
      .sort();
    expect(list).toMatchSnapshot();
  });
});
