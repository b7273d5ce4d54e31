import { type App, type CfnElement, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessLogFields } from '../../infra/constructs/access-log.ts';
import { buildStack, type WattleStack } from '../../infra/stack.ts';
import { testApp } from '../helpers/default-stack.ts';

let app: App;
let stack: WattleStack;
let template: Template;
let violations: ReturnType<AwsSolutionsChecks['validateScope']>['violations'];

/** The acknowledgements a construct itself carries (not its ancestors'). */
const acknowledgedOn = (construct: IConstruct): string[] =>
  construct.node.metadata
    .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((entry) => Object.keys(entry.data as Record<string, unknown>));

beforeAll(() => {
  // A test App, as the other infra tests' (bundling off: the rules read the template, not the code).
  app = testApp();
  stack = buildStack(app, 'WattleNag', { env: { account: '111111111111', region: 'ap-southeast-2' } });
  violations = new AwsSolutionsChecks(app).validateScope(stack).violations;
  template = Template.fromStack(stack);
});

const summary = (severity: string): string[] =>
  violations
    .filter((v) => v.severity === severity)
    .flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`));

describe('cdk-nag AwsSolutions', () => {
  it('reports no unacknowledged error', () => {
    expect(summary('error')).toEqual([]);
  });

  it('reports no unacknowledged warning', () => {
    expect(summary('warning')).toEqual([]);
  });

  it('has every acknowledgement on the resource it is about, none on the app or the stack', () => {
    expect(acknowledgedOn(app)).toEqual([]);
    expect(acknowledgedOn(stack)).toEqual([]);
  });
});

describe('stage access logs', () => {
  it('log every stage as JSON with the request id, and nothing of the key, the query or the body', () => {
    const stages = template.findResources('AWS::ApiGatewayV2::Stage');
    expect(Object.keys(stages)).toHaveLength(2);
    for (const stage of Object.values(stages)) {
      const settings = stage.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
      const format = JSON.parse(settings.Format) as Record<string, string>;
      expect(format).toEqual(accessLogFields);
      expect(format.requestId).toBe('$context.requestId');
      for (const value of Object.values(format)) {
        expect(value).not.toMatch(/authoriz|header|querystring|body|apiKey|api_key/i);
      }
      const logGroupId = (settings.DestinationArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const logGroup = template.findResources('AWS::Logs::LogGroup')[logGroupId];
      expect(logGroup?.Properties.RetentionInDays).toBe(30);
    }
  });
});

describe('function roles', () => {
  it('carry no AWS managed policy: each writes only its own log group', () => {
    for (const [name, fn] of Object.entries(stack.functions)) {
      const roleId = stack.resolve((fn.role!.node.defaultChild as CfnElement).logicalId) as string;
      const role = template.findResources('AWS::IAM::Role')[roleId];
      expect(role?.Properties.ManagedPolicyArns, name).toBeUndefined();
    }
  });
});
