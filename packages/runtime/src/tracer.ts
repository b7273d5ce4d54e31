import type { Tracer } from '@aws-lambda-powertools/tracer';
import { metricsService } from '@wattle/routes/metrics';

/**
 * Whether this container traces: in Lambda (AWS_EXECUTION_ENV, where the stack turns X-Ray's
 * active tracing on), unless POWERTOOLS_TRACE_ENABLED is false; Powertools Tracer's own rule. The
 * local stack and the tests have no X-Ray daemon, and the moto rehearsal turns it off.
 */
export const tracingWanted = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.AWS_EXECUTION_ENV !== undefined && env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false';

let loading: Promise<Tracer> | undefined;

/**
 * The container's Powertools Tracer, when it traces (tracingWanted): loaded and made once, on
 * first use, so a container that does not trace never evaluates the X-Ray SDK (about 50 ms of CPU
 * at a cold start on this machine), and one that does pays it at its first invocation. With it,
 * each invocation is a subsegment (the chains' `tracing` middleware), every AWS SDK call
 * (tracedClient) and every outgoing HTTP call (the processor's, the webhooks') are subsegments.
 */
export const functionTracer = (): Promise<Tracer> | undefined => {
  if (!tracingWanted()) return undefined;
  loading ??= import('@aws-lambda-powertools/tracer').then(
    ({ Tracer }) => new Tracer({ serviceName: metricsService }),
  );
  return loading;
};

/**
 * `client`, its calls traced as subsegments (Powertools' captureAWSv3Client) once the tracer is
 * loaded: before the first invocation's work for the clients the composition makes, since the
 * chain waits for the tracer first.
 */
export const tracedClient = <C>(client: C): C => {
  void functionTracer()?.then((tracer) => tracer.captureAWSv3Client(client));
  return client;
};
