/**
 * The business metrics, named once: the functions emit them (CloudWatch's embedded metric format,
 * through Powertools Metrics in @wattle/runtime), the stack's dashboard and alarms read them
 * (infra/constructs/observability.ts), and the local stack shows them (GET /_local/metrics).
 *
 * Each metric is emitted under two dimension sets: `service` with its own dimensions below (the
 * dashboard's breakdowns), and `service` alone (the alarms' totals). No dimension names a merchant
 * or a token: every distinct set of dimension values is a custom metric AWS bills for.
 */
export const metricsNamespace = 'Wattle';
/** The `service` dimension every metric carries (Powertools' default dimension). */
export const metricsService = 'wattle';

export type MetricUnitName = 'Count' | 'Milliseconds' | 'Seconds';

interface MetricDefinition {
  unit: MetricUnitName;
  /** Its own dimensions, besides `service`. */
  dimensions: readonly string[];
  /** What it counts or times, for the dashboard's legend and the docs. */
  description: string;
}

const metric = <const D extends readonly string[]>(
  unit: MetricUnitName,
  dimensions: D,
  description: string,
): MetricDefinition & { dimensions: D } => ({ unit, dimensions, description });

export const metricCatalogue = {
  /** POST /1/charges answered, by what the merchant was told. */
  Charges: metric('Count', ['Environment', 'Outcome'], 'Charges answered, by outcome'),
  /** POST /1/charges/{token}/refunds answered, by what the merchant was told. */
  Refunds: metric('Count', ['Environment', 'Outcome'], 'Refunds answered, by outcome'),
  /** A write answered from its Idempotency-Key's stored response. */
  IdempotentReplays: metric('Count', ['Environment'], 'Requests replayed by Idempotency-Key'),
  /** Every call to the processor, by its answer. */
  ProcessorCalls: metric(
    'Count',
    ['Environment', 'Processor', 'Operation', 'Outcome'],
    'Processor calls, by operation and outcome',
  ),
  /** How long a processor call took (wall clock). */
  ProcessorLatency: metric('Milliseconds', ['Environment', 'Processor', 'Operation'], 'Processor latency'),
  /** A processor call whose answer is unknown: the payment or refund may exist. */
  UnknownOutcomes: metric('Count', ['Environment', 'Processor', 'Operation'], 'Unknown outcomes'),
  /** An unknown authorisation settled by its recovery (resolve answered what became of it). */
  UnknownOutcomesRecovered: metric('Count', ['Environment', 'Processor'], 'Unknown outcomes recovered'),
  /**
   * An unknown authorisation whose recovery, when it fell due, still had no answer: an operator
   * must look (docs/operations/runbook.md).
   */
  UnknownOutcomesUnrecovered: metric(
    'Count',
    ['Environment', 'Processor'],
    'Unknown outcomes still unknown at their recovery',
  ),
  /** A webhook the merchant's endpoint accepted. */
  WebhooksDelivered: metric('Count', ['Environment'], 'Webhooks delivered'),
  /** A webhook attempt the endpoint refused or did not answer (retried on schedule). */
  WebhookAttemptsFailed: metric('Count', ['Environment'], 'Webhook attempts failed'),
  /** From the webhook's creation to its delivery, on the service clock. */
  WebhookLag: metric('Seconds', ['Environment'], 'Webhook lag, creation to delivery'),
  /** How late the scheduler ran a job: its run's time less the job's due time. */
  SchedulerLag: metric('Seconds', [], 'Scheduler lag, the latest job of a run'),
  /** The jobs a run found due (done, failed, or taken by an overlapping run). */
  SchedulerDueItems: metric('Count', [], 'Due items a scheduler run found'),
  /** Jobs that failed in a run: left due for the next. */
  SchedulerJobsFailed: metric('Count', [], 'Scheduled jobs failed'),
} as const;

export type MetricName = keyof typeof metricCatalogue;

/** The dimension values a metric takes: exactly its own dimensions. */
export type MetricDimensions<N extends MetricName> = {
  [K in (typeof metricCatalogue)[N]['dimensions'][number]]: string;
};

/**
 * Where the edges record a metric (the function chains, the processor's wrapper, the delivery and
 * scheduler functions): Powertools Metrics in AWS (@wattle/runtime's functionMetrics), a sample
 * the local stack keeps too.
 */
export interface MetricsRecorder {
  record<N extends MetricName>(name: N, value: number, dimensions: MetricDimensions<N>): void;
}

/** Records nothing (tests and tools that do not look at metrics). */
export const noMetrics: MetricsRecorder = { record: () => {} };
