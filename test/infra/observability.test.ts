import { functionNames } from '@wattle/routes';
import { metricCatalogue, metricsNamespace } from '@wattle/routes/metrics';
import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedulerLagAlarmSeconds, webhookFailureRatePercent } from '../../infra/constructs/observability.ts';
import type { WattleStack } from '../../infra/stack.ts';
import { defaultStack } from '../helpers/default-stack.ts';

interface CfnResource {
  Properties: Record<string, unknown>;
}

let stack: WattleStack;
let template: Template;

const resources = (type: string): Record<string, CfnResource> =>
  template.findResources(type) as Record<string, CfnResource>;

/** The dashboard's body as CloudFormation holds it: a Fn::Join of strings and references. */
const dashboardBody = (): string => {
  const [dashboard] = Object.values(resources('AWS::CloudWatch::Dashboard'));
  const body = dashboard!.Properties.DashboardBody as { 'Fn::Join': [string, unknown[]] };
  return body['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join('');
};

/** The alarm whose id begins with `id`, with its actions' targets. */
const alarmNamed = (id: string): Record<string, unknown> => {
  const found = Object.entries(resources('AWS::CloudWatch::Alarm')).filter(([logicalId]) =>
    logicalId.startsWith(id),
  );
  expect(found, id).toHaveLength(1);
  return found[0]![1].Properties;
};

const topicRef = (): Record<string, unknown> => ({
  Ref: stack.resolve((stack.alarmTopic.node.defaultChild as CfnElement).logicalId),
});

beforeAll(() => {
  ({ stack, template } = defaultStack());
});

describe('the business metrics in the stack', () => {
  it('has one dashboard that graphs every metric of the catalogue', () => {
    expect(Object.keys(resources('AWS::CloudWatch::Dashboard'))).toHaveLength(1);
    const body = dashboardBody();
    for (const name of Object.keys(metricCatalogue)) expect(body, name).toContain(name);
    expect(body).toContain(metricsNamespace);
  });

  it('alarms on an unknown outcome still unknown at its recovery, to the alarm topic', () => {
    const alarm = alarmNamed('UnknownOutcomesUnrecoveredAlarm');
    expect(alarm).toMatchObject({
      Namespace: 'Wattle',
      MetricName: 'UnknownOutcomesUnrecovered',
      Dimensions: [{ Name: 'service', Value: 'wattle' }],
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(alarm.AlarmActions).toEqual([topicRef()]);
    expect(alarm.OKActions).toEqual([topicRef()]);
  });

  it("alarms on the webhooks' failure rate, judged only over enough attempts", () => {
    const alarm = alarmNamed('WebhookFailureRateAlarm');
    expect(alarm.Threshold).toBe(webhookFailureRatePercent);
    const metrics = alarm.Metrics as {
      Expression?: string;
      MetricStat?: { Metric: { MetricName: string } };
    }[];
    expect(metrics.find((m) => m.Expression)?.Expression).toMatch(
      /^IF\(delivered \+ failed >= \d+, 100 \* failed/,
    );
    expect(metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])).sort()).toEqual([
      'WebhookAttemptsFailed',
      'WebhooksDelivered',
    ]);
    expect(alarm.AlarmActions).toEqual([topicRef()]);
  });

  it('alarms on the scheduler running late, or not at all', () => {
    const alarm = alarmNamed('SchedulerLagAlarm');
    expect(alarm).toMatchObject({
      MetricName: 'SchedulerLag',
      Statistic: 'Maximum',
      Threshold: schedulerLagAlarmSeconds,
      TreatMissingData: 'breaching',
    });
    expect(alarm.AlarmActions).toEqual([topicRef()]);
  });
});

describe('tracing', () => {
  it('is active on every function, and each role may write its traces', () => {
    for (const name of functionNames) {
      const fn = stack.functions[name];
      const cfn = template.toJSON().Resources[stack.resolve((fn.node.defaultChild as CfnElement).logicalId)];
      expect(cfn.Properties.TracingConfig, name).toEqual({ Mode: 'Active' });
      const roleId = cfn.Properties.Role['Fn::GetAtt'][0];
      const actions = Object.values(resources('AWS::IAM::Policy'))
        .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
        .flatMap(
          (policy) =>
            (policy.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement,
        )
        .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
      expect(actions, name).toEqual(
        expect.arrayContaining(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']),
      );
    }
  });
});
