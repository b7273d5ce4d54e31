/** A closed-loop load: `concurrency` clients, each sending its next request when the last answered. */
import { performance } from 'node:perf_hooks';

export interface LoadOptions {
  concurrency: number;
  /** Stop starting requests after this long… */
  durationMs: number;
  /** …or after this many, whichever comes first. */
  maxCount?: number;
  /** One request; `i` counts from 0 over all clients. Throws when the request failed. */
  work: (i: number) => Promise<unknown>;
}

export interface LoadResult {
  /** Every answered request's latency, ms, in ascending order. */
  latenciesMs: number[];
  requests: number;
  errors: number;
  firstError: string | null;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);

/** The middle of `values` (the mean of the two middle ones for an even count). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

export const runLoad = async (options: LoadOptions): Promise<LoadResult> => {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline && next < limit) {
        const i = next++;
        const at = performance.now();
        try {
          await options.work(i);
          latencies.push(performance.now() - at);
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    latenciesMs: latencies,
    requests: latencies.length,
    errors,
    firstError,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
};

/** Several runs of one load as one: their requests over their summed time. */
export const combine = (runs: LoadResult[]): LoadResult => {
  const latencies = runs.flatMap((r) => r.latenciesMs).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return {
    latenciesMs: latencies,
    requests: latencies.length,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    firstError: runs.find((r) => r.firstError)?.firstError ?? null,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
};
