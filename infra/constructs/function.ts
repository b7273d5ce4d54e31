import path from 'node:path';
import { type FunctionName, functionEntry } from '@wattle/routes';
import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** ESM bundles of CJS dependencies need `require` (TECH-NOTES §9.2). */
const requireShim = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

export interface ServiceFunctionProps {
  fn: FunctionName;
  repoRoot: string;
  environment: Record<string, string>;
}

/** One Lambda function of the service: Node 22 on arm64, bundled as ESM with the AWS SDK inside. */
export const createServiceFunction = (scope: Construct, id: string, props: ServiceFunctionProps) =>
  new NodejsFunction(scope, id, {
    entry: path.join(props.repoRoot, functionEntry(props.fn)),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: Duration.seconds(29),
    projectRoot: props.repoRoot,
    depsLockFilePath: path.join(props.repoRoot, 'package-lock.json'),
    environment: {
      NODE_OPTIONS: '--enable-source-maps',
      WATTLE_LOG_LEVEL: 'INFO',
      ...props.environment,
    },
    logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
    bundling: {
      format: OutputFormat.ESM,
      minify: true,
      sourceMap: true,
      mainFields: ['module', 'main'],
      banner: requireShim,
      bundleAwsSDK: true,
    },
  });
