import type { Environment, PaymentProcessor } from '@wattle/domain';
import type { AccountProcessor, ProcessorOf } from '@wattle/ports';
import type { MetricsRecorder } from '@wattle/routes/metrics';

type Operation = 'authorise' | 'completeAuthentication' | 'capture' | 'void' | 'refund' | 'resolve';
const operations: readonly Operation[] = [
  'authorise',
  'completeAuthentication',
  'capture',
  'void',
  'refund',
  'resolve',
];

/**
 * `processor` with every call measured: its latency and its answer by operation (ProcessorCalls,
 * ProcessorLatency), an unknown answer (UnknownOutcomes), and what a recovery's `resolve` found
 * (UnknownOutcomesRecovered, or UnknownOutcomesUnrecovered when it is still unknown). A call that
 * throws is counted as `error` and thrown on. Everything else is the processor's own, its symbols
 * too (readyProcessor still finds a deferred connector's loader).
 */
export const measuredProcessor = <P extends PaymentProcessor>(
  processor: P,
  environment: Environment,
  metrics: MetricsRecorder,
): P => {
  const on = { Environment: environment, Processor: processor.name };
  const measured = <I, O extends { outcome: string }>(
    operation: Operation,
    call: (input: I) => Promise<O>,
  ): ((input: I) => Promise<O>) => {
    const dimensions = { ...on, Operation: operation };
    return async (input) => {
      const started = performance.now();
      let outcome = 'error';
      try {
        const answer = await call(input);
        outcome = answer.outcome;
        return answer;
      } finally {
        metrics.record('ProcessorLatency', Math.round(performance.now() - started), dimensions);
        metrics.record('ProcessorCalls', 1, { ...dimensions, Outcome: outcome });
        if (operation === 'resolve') {
          if (outcome !== 'error')
            metrics.record(
              outcome === 'unknown' ? 'UnknownOutcomesUnrecovered' : 'UnknownOutcomesRecovered',
              1,
              on,
            );
        } else if (outcome === 'unknown') metrics.record('UnknownOutcomes', 1, dimensions);
      }
    };
  };
  const wrapped: P = Object.create(processor);
  for (const operation of operations) {
    const call = processor[operation].bind(processor) as (input: unknown) => Promise<{ outcome: string }>;
    Object.defineProperty(wrapped, operation, { value: measured(operation, call), enumerable: true });
  }
  return wrapped;
};

/**
 * Every processor `processorOf` gives, measured (measuredProcessor): the one place the processor's
 * latency and unknown outcomes are recorded. Each environment's processor is wrapped once.
 */
export const measuredProcessorOf = (processorOf: ProcessorOf, metrics: MetricsRecorder): ProcessorOf => {
  const wrapped = new WeakMap<AccountProcessor, Map<Environment, AccountProcessor>>();
  return (scope) => {
    const processor = processorOf(scope);
    let byEnvironment = wrapped.get(processor);
    if (!byEnvironment) {
      byEnvironment = new Map();
      wrapped.set(processor, byEnvironment);
    }
    let made = byEnvironment.get(scope.environment);
    if (!made) {
      made = measuredProcessor(processor, scope.environment, metrics);
      byEnvironment.set(scope.environment, made);
    }
    return made;
  };
};
