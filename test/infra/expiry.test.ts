import { ttlAttribute } from '@wattle/store';
import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { streamReadActions } from '../../infra/constructs/expiry-consumer.ts';
import type { WattleStack } from '../../infra/stack.ts';
import { defaultStack, synthStack } from '../helpers/default-stack.ts';

let stack: WattleStack;
let template: Template;
const _env = { account: '111111111111', region: 'ap-southeast-2' };

const idOf = (element: CfnElement): string => stack.resolve(element.logicalId) as string;

beforeAll(() => {
  ({ stack, template } = defaultStack());
});

describe('storage that does not grow forever', () => {
  it('switches TTL on for the table, on the attribute the store stamps', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    expect(ttlAttribute).toBe('expiresAt');
  });

  it("feeds the expiry consumer the table stream's TTL deletions of events and webhooks only", () => {
    const tableId = idOf(stack.table.node.defaultChild as CfnElement);
    const consumerId = idOf(stack.functions['expired-items'].node.defaultChild as CfnElement);
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (m) =>
        JSON.stringify(m.Properties.EventSourceArn) ===
        JSON.stringify({ 'Fn::GetAtt': [tableId, 'StreamArn'] }),
    );
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties;
    expect(mapping).toMatchObject({
      FunctionName: { Ref: consumerId },
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const filters = mapping.FilterCriteria.Filters as { Pattern: string }[];
    expect(filters.map((f) => JSON.parse(f.Pattern))).toEqual([
      {
        eventName: ['REMOVE'],
        userIdentity: { type: ['Service'], principalId: ['dynamodb.amazonaws.com'] },
        dynamodb: { OldImage: { _et: { S: ['event', 'webhook'] } } },
      },
    ]);
  });

  it('lets the consumer read the stream and nothing but its own writes on the table', () => {
    const roleId = idOf(stack.functions['expired-items'].role!.node.defaultChild as CfnElement);
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap(
        (p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
      );
    const tableId = idOf(stack.table.node.defaultChild as CfnElement);
    const onStream = statements.filter(
      (s) => JSON.stringify(s.Resource) === JSON.stringify({ 'Fn::GetAtt': [tableId, 'StreamArn'] }),
    );
    expect(onStream.flatMap((s) => s.Action)).toEqual([...streamReadActions]);
    const dynamo = statements
      .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
      .filter((a) => a.startsWith('dynamodb:') && !(streamReadActions as readonly string[]).includes(a));
    expect(dynamo.sort()).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
  });

  it('passes a chosen retention to every function, and none by default', () => {
    const variables = (t: Template) =>
      Object.values(t.findResources('AWS::Lambda::Function')).map(
        (f) => f.Properties.Environment.Variables as Record<string, unknown>,
      );
    expect(variables(template).every((v) => !('WATTLE_EVENT_RETENTION_DAYS' in v))).toBe(true);
    const chosen = synthStack({ eventRetentionDays: '90' }).template;
    expect(variables(chosen).every((v) => v.WATTLE_EVENT_RETENTION_DAYS === '90')).toBe(true);
  });
});
