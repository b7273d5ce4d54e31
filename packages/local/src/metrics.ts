import { type MetricSample, observeMetrics } from '@wattle/runtime';

/** One metric under one set of dimension values, as CloudWatch would aggregate it. */
export interface MetricTotal {
  name: string;
  unit: string;
  dimensions: Record<string, string>;
  /** How many samples: CloudWatch's SampleCount. */
  count: number;
  sum: number;
  min: number;
  max: number;
}

export interface LocalMetrics {
  /** Every metric recorded since the stack started (or was reset), by name then dimensions. */
  totals(): MetricTotal[];
  clear(): void;
  stop(): void;
}

const keyOf = (sample: MetricSample): string =>
  JSON.stringify([sample.name, Object.entries(sample.dimensions).sort(([a], [b]) => a.localeCompare(b))]);

/**
 * The functions' metrics, kept as they are recorded (the samples the functions' Powertools
 * Metrics would print as CloudWatch's embedded metric format): what `GET /_local/metrics` answers,
 * so a test or a developer reads locally what the stack's dashboard shows in AWS.
 */
export const keepLocalMetrics = (): LocalMetrics => {
  const totals = new Map<string, MetricTotal>();
  const stop = observeMetrics((sample) => {
    const key = keyOf(sample);
    const total = totals.get(key);
    if (!total) {
      totals.set(key, {
        name: sample.name,
        unit: sample.unit,
        dimensions: sample.dimensions,
        count: 1,
        sum: sample.value,
        min: sample.value,
        max: sample.value,
      });
      return;
    }
    total.count += 1;
    total.sum += sample.value;
    total.min = Math.min(total.min, sample.value);
    total.max = Math.max(total.max, sample.value);
  });
  return {
    totals: () =>
      [...totals.values()].sort(
        (a, b) =>
          a.name.localeCompare(b.name) ||
          JSON.stringify(a.dimensions).localeCompare(JSON.stringify(b.dimensions)),
      ),
    clear: () => totals.clear(),
    stop,
  };
};
