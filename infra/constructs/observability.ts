import { type MetricName, metricCatalogue, metricsNamespace, metricsService } from '@wattle/routes/metrics';
import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

/** The share of webhook attempts failing over 15 minutes that raises its alarm, in percent. */
export const webhookFailureRatePercent = 20;
/** Fewer attempts than this in 15 minutes is too few to judge a rate by. */
export const webhookFailureRateMinAttempts = 20;
/** How late the scheduler may run its most overdue job before the alarm (it runs every minute). */
export const schedulerLagAlarmSeconds = 600;

const fifteenMinutes = Duration.minutes(15);

/**
 * A metric of the catalogue (@wattle/routes/metrics): its total under `service` alone (what the
 * functions emit for every metric besides its own dimensions), or under the dimensions given.
 */
const metricOf = (
  name: MetricName,
  statistic: string,
  period: Duration,
  dimensions: Record<string, string> = {},
): Metric =>
  new Metric({
    namespace: metricsNamespace,
    metricName: name,
    dimensionsMap: { service: metricsService, ...dimensions },
    statistic,
    period,
  });

/**
 * One graph of a metric for each value of its dimensions, found by CloudWatch's SEARCH (outcomes,
 * operations and processors are not known here: each appears once it is emitted).
 */
const searched = (name: MetricName, statistic: string): IMetric => {
  const dimensions = ['service', ...metricCatalogue[name].dimensions].join(',');
  return new MathExpression({
    expression: `SEARCH('{${metricsNamespace},${dimensions}} MetricName="${name}"', '${statistic}', 300)`,
    label: '',
    period: Duration.minutes(5),
  });
};

export interface ObservabilityProps {
  /** The alarms' topic (createServiceAlarms'): these alarms notify it too. */
  topic: ITopic;
}

/**
 * The service's business at a glance: a CloudWatch dashboard of the metrics the functions emit
 * (charges and refunds by outcome, replays, the processor's calls, latency and unknown outcomes,
 * webhooks delivered and failed and their lag, the scheduler's lag and due items), and the alarms
 * on what an operator must act on (docs/operations/runbook.md says what to do on each):
 * - an unknown outcome still unknown when its recovery fell due (UnknownOutcomesUnrecovered);
 * - webhook attempts failing at webhookFailureRatePercent or more over 15 minutes;
 * - the scheduler late by schedulerLagAlarmSeconds, or not running at all (its lag is emitted
 *   every run, so no data is a breach).
 */
export const createObservability = (scope: Construct, props: ObservabilityProps): Dashboard => {
  const action = new SnsAction(props.topic);
  const notify = (made: Alarm): Alarm => {
    made.addAlarmAction(action);
    made.addOkAction(action);
    return made;
  };

  notify(
    new Alarm(scope, 'UnknownOutcomesUnrecoveredAlarm', {
      metric: metricOf('UnknownOutcomesUnrecovered', 'Sum', fifteenMinutes),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription:
        'A payment whose processor answer was unknown is still unknown at its recovery: the money may have moved. See docs/operations/runbook.md.',
    }),
  );

  const delivered = metricOf('WebhooksDelivered', 'Sum', fifteenMinutes);
  const failed = metricOf('WebhookAttemptsFailed', 'Sum', fifteenMinutes);
  notify(
    new Alarm(scope, 'WebhookFailureRateAlarm', {
      metric: new MathExpression({
        expression: `IF(delivered + failed >= ${webhookFailureRateMinAttempts}, 100 * failed / (delivered + failed), 0)`,
        usingMetrics: { delivered, failed },
        period: fifteenMinutes,
        label: 'Webhook attempts failed %',
      }),
      threshold: webhookFailureRatePercent,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: `At least ${webhookFailureRatePercent}% of webhook attempts failed over 15 minutes. See docs/operations/runbook.md.`,
    }),
  );

  notify(
    new Alarm(scope, 'SchedulerLagAlarm', {
      metric: metricOf('SchedulerLag', 'Maximum', Duration.minutes(5)),
      threshold: schedulerLagAlarmSeconds,
      evaluationPeriods: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // The scheduler emits its lag every run (every minute): no data means it is not running.
      treatMissingData: TreatMissingData.BREACHING,
      alarmDescription: `The scheduler ran a job ${schedulerLagAlarmSeconds} s or more late, or did not run, for 10 minutes. See docs/operations/runbook.md.`,
    }),
  );

  const fiveMinutes = Duration.minutes(5);
  /** A graph; each metric of the catalogue labelled with its description. */
  const graph = (title: string, left: IMetric[], width = 12): GraphWidget =>
    new GraphWidget({
      title,
      left: left.map((metric) =>
        metric instanceof Metric
          ? metric.with({ label: metricCatalogue[metric.metricName as MetricName].description })
          : metric,
      ),
      width,
      height: 6,
    });
  const dashboard = new Dashboard(scope, 'Dashboard', { defaultInterval: Duration.hours(3) });
  dashboard.addWidgets(
    new TextWidget({
      markdown:
        '# Wattle\nCharges, the processor, webhooks and the scheduler (metrics: `@wattle/routes/metrics`; what to do on an alarm: docs/operations/runbook.md).',
      width: 24,
      height: 2,
    }),
  );
  dashboard.addWidgets(
    graph('Charges by outcome', [searched('Charges', 'Sum')]),
    graph('Refunds by outcome', [searched('Refunds', 'Sum')]),
  );
  dashboard.addWidgets(
    graph('Processor calls by operation and outcome', [searched('ProcessorCalls', 'Sum')]),
    graph('Processor latency (p99)', [searched('ProcessorLatency', 'p99')]),
  );
  dashboard.addWidgets(
    graph('Unknown outcomes and their recovery', [
      metricOf('UnknownOutcomes', 'Sum', fiveMinutes),
      metricOf('UnknownOutcomesRecovered', 'Sum', fiveMinutes),
      metricOf('UnknownOutcomesUnrecovered', 'Sum', fiveMinutes),
    ]),
    graph('Idempotent replays', [searched('IdempotentReplays', 'Sum')]),
  );
  dashboard.addWidgets(
    graph('Webhooks delivered and failed', [
      metricOf('WebhooksDelivered', 'Sum', fiveMinutes),
      metricOf('WebhookAttemptsFailed', 'Sum', fiveMinutes),
    ]),
    graph('Webhook lag (p99, max)', [
      metricOf('WebhookLag', 'p99', fiveMinutes),
      metricOf('WebhookLag', 'Maximum', fiveMinutes),
    ]),
  );
  dashboard.addWidgets(
    graph('Scheduler lag (max)', [metricOf('SchedulerLag', 'Maximum', fiveMinutes)]),
    graph('Scheduler due items and failures', [
      metricOf('SchedulerDueItems', 'Sum', fiveMinutes),
      metricOf('SchedulerJobsFailed', 'Sum', fiveMinutes),
    ]),
  );
  return dashboard;
};
