import { Tracer } from '@aws-lambda-powertools/tracer';
import { metricsService } from '@wattle/routes/metrics';

let containerTracer: Tracer | undefined;

/**
 * The container's Powertools Tracer, made once: in Lambda with active tracing, each invocation's
 * segment (the chains' captureLambdaHandler), every AWS SDK call (tracedClient) and every outgoing
 * HTTP call (the processor's, the webhooks') as subsegments. Off outside Lambda (no
 * AWS_EXECUTION_ENV: the local stack and the tests, which have no X-Ray daemon), and wherever
 * POWERTOOLS_TRACE_ENABLED is false: then it records nothing and patches nothing.
 */
export const functionTracer = (): Tracer => {
  containerTracer ??= new Tracer({ serviceName: metricsService });
  return containerTracer;
};

/** `client` with its calls traced as subsegments (Powertools' captureAWSv3Client), when tracing is on. */
export const tracedClient = <C>(client: C): C => {
  const tracer = functionTracer();
  return tracer.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client;
};
