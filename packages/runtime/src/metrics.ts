import { Metrics } from '@aws-lambda-powertools/metrics';
import {
  type MetricDimensions,
  type MetricName,
  type MetricsRecorder,
  metricCatalogue,
  metricsNamespace,
  metricsService,
} from '@wattle/routes/metrics';

/** One metric as it was recorded: what the local stack keeps and shows (GET /_local/metrics). */
export interface MetricSample {
  name: MetricName;
  value: number;
  unit: string;
  dimensions: Record<string, string>;
}

export type MetricListener = (sample: MetricSample) => void;

/*
 * Who else is told of each metric (the local stack). Kept on the process's global object, not in
 * this module: the installable package builds each function into a bundle of its own, each with
 * its own copy of this module, all in the local stack's one process.
 */
const listenersKey = Symbol.for('wattle.metricListeners');
const shared = globalThis as { [listenersKey]?: Set<MetricListener> };
shared[listenersKey] ??= new Set();
const listeners: Set<MetricListener> = shared[listenersKey];

/** Tells `listener` of every metric any function of this process records, until the returned stop. */
export const observeMetrics = (listener: MetricListener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Powertools Metrics that tells whether its lines are silenced, by Powertools' own rule. */
class SilenceableMetrics extends Metrics {
  get silenced(): boolean {
    return this.isDisabled();
  }
}

/**
 * Powertools Metrics, one line of CloudWatch's embedded metric format a metric (a single metric:
 * each has dimensions of its own, so one invocation's metrics do not share one set), under its own
 * dimensions and `service` alone (what the alarms read). Written at once, so a metric recorded by
 * an invocation is never flushed with another's, in the local stack's concurrent invocations too.
 * POWERTOOLS_METRICS_DISABLED silences the lines (the local stack: it keeps the samples instead).
 */
export const powertoolsMetrics = (): MetricsRecorder => {
  const metrics = new SilenceableMetrics({ namespace: metricsNamespace, serviceName: metricsService });
  return {
    record: <N extends MetricName>(name: N, value: number, dimensions: MetricDimensions<N>) => {
      const { unit } = metricCatalogue[name];
      const given = dimensions as Record<string, string>;
      for (const listener of listeners) listener({ name, value, unit, dimensions: { ...given } });
      // Silenced, a single metric would still be built (a Metrics object, its environment read)
      // only to write nothing: in the local stack, at every request.
      if (metrics.silenced) return;
      const single = metrics.singleMetric();
      if (Object.keys(given).length > 0) single.addDimensions(given).addDimensions({});
      single.addMetric(name, unit, value);
    },
  };
};

let containerMetrics: MetricsRecorder | undefined;

/** The container's metrics: made once. */
export const functionMetrics = (): MetricsRecorder => {
  containerMetrics ??= powertoolsMetrics();
  return containerMetrics;
};
