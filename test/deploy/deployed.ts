import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { GetFunctionCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { type FunctionName, functionNames } from '@wattle/routes';
import { functionId } from '../../infra/constructs/function-id.ts';
import { adminCredentials } from './deploy.ts';
import { motoAccount, pythonExecutable, rehearsalRegion } from './moto.ts';

export interface RoleCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
}

export interface DeployedFunction {
  fn: FunctionName;
  /** The physical name Lambda knows it by. */
  name: string;
  roleArn: string;
  roleName: string;
  /** Its environment as Lambda's GetFunction reports it. */
  environment: Record<string, string>;
  timeoutSeconds: number;
  memorySize: number;
  /** The folder its deployed code was unpacked into, and the module of its handler. */
  codeDir: string;
  handlerModule: string;
  /** Its own role's credentials (sts:AssumeRole, made before IAM enforcement is on). */
  credentials: RoleCredentials;
}

export interface DeployedStack {
  functions: Record<FunctionName, DeployedFunction>;
  /** Logical id → physical id of every resource of the stack. */
  resources: Map<string, string>;
  tableName: string;
  /**
   * The events Pipe's role's credentials: the rehearsal plays the Pipe's part with them. Taken
   * before enforcement, as only the Pipes service may assume the role.
   */
  pipeCredentials: RoleCredentials;
}

/** Clients that talk to moto as the administrator (or as the credentials given). */
export const motoClientConfig = (
  endpoint: string,
  credentials: RoleCredentials | typeof adminCredentials,
) => ({
  endpoint,
  region: rehearsalRegion,
  credentials,
});

/** The physical id of the one resource whose logical id is `prefix` followed by CDK's 8-digit hash. */
export const physicalIdOf = (resources: Map<string, string>, prefix: string): string => {
  const pattern = new RegExp(`^${prefix}[0-9A-F]{8}$`);
  const found = [...resources].filter(([logical]) => pattern.test(logical));
  if (found.length !== 1) throw new Error(`Expected one deployed resource ${prefix}…, found ${found.length}`);
  return found[0]![1];
};

const stackResources = async (endpoint: string): Promise<Map<string, string>> => {
  const cloudFormation = new CloudFormationClient(motoClientConfig(endpoint, adminCredentials));
  const resources = new Map<string, string>();
  let NextToken: string | undefined;
  do {
    const page = await cloudFormation.send(new ListStackResourcesCommand({ StackName: 'Wattle', NextToken }));
    for (const summary of page.StackResourceSummaries ?? [])
      resources.set(summary.LogicalResourceId!, summary.PhysicalResourceId!);
    NextToken = page.NextToken;
  } while (NextToken);
  return resources;
};

/**
 * The code CDK uploaded for the function, fetched from the bootstrap bucket by the key Lambda
 * reports, checked against Lambda's CodeSha256, and written beside the folder it is unpacked into
 * (unpackCode). Returns the zip's path.
 */
const fetchCode = async (
  s3: S3Client,
  location: string,
  expectedSha256: string,
  codeDir: string,
): Promise<string> => {
  const key = new URL(location).pathname.slice(1);
  const bucket = `cdk-hnb659fds-assets-${motoAccount}-${rehearsalRegion}`;
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const zip = Buffer.from(await object.Body!.transformToByteArray());
  const sha256 = createHash('sha256').update(zip).digest('base64');
  if (sha256 !== expectedSha256)
    throw new Error(
      `The code in ${bucket}/${key} is not what Lambda deployed (${sha256} ≠ ${expectedSha256})`,
    );
  mkdirSync(codeDir, { recursive: true });
  const zipPath = `${codeDir}.zip`;
  writeFileSync(zipPath, zip);
  return zipPath;
};

/**
 * Every function's zip unpacked into its folder, by one python3 (moto's prerequisite is there, and
 * Node has no unzip of its own): one process, not one a function.
 */
const unpackCode = (zips: { zipPath: string; codeDir: string }[]): void => {
  const unpack =
    'import sys, zipfile\nfor z, d in zip(sys.argv[1::2], sys.argv[2::2]):\n  zipfile.ZipFile(z).extractall(d)';
  execFileSync(pythonExecutable(), [
    '-c',
    unpack,
    ...zips.flatMap(({ zipPath, codeDir }) => [zipPath, codeDir]),
  ]);
};

/** Each function as deployed: its configuration, its code and its role's credentials. */
export const readDeployedStack = async (endpoint: string, workDir: string): Promise<DeployedStack> => {
  const resources = await stackResources(endpoint);
  const lambda = new LambdaClient(motoClientConfig(endpoint, adminCredentials));
  const s3 = new S3Client({ ...motoClientConfig(endpoint, adminCredentials), forcePathStyle: true });
  const sts = new STSClient(motoClientConfig(endpoint, adminCredentials));
  const assume = async (roleArn: string, session: string): Promise<RoleCredentials> => {
    const { Credentials } = await sts.send(
      new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: session }),
    );
    return {
      accessKeyId: Credentials!.AccessKeyId!,
      secretAccessKey: Credentials!.SecretAccessKey!,
      sessionToken: Credentials!.SessionToken!,
    };
  };
  const zips: { zipPath: string; codeDir: string }[] = [];
  const read = async (fn: FunctionName): Promise<DeployedFunction> => {
    const name = physicalIdOf(resources, functionId(fn));
    const { Configuration, Code } = await lambda.send(new GetFunctionCommand({ FunctionName: name }));
    const codeDir = join(workDir, 'code', fn);
    zips.push({
      zipPath: await fetchCode(s3, Code!.Location!, Configuration!.CodeSha256!, codeDir),
      codeDir,
    });
    const roleArn = Configuration!.Role!;
    const [file, exported] = Configuration!.Handler!.split('.');
    if (exported !== 'handler')
      throw new Error(`${fn}: handler ${Configuration!.Handler} is not <module>.handler`);
    return {
      fn,
      name,
      roleArn,
      roleName: roleArn.split('/').pop()!,
      environment: Configuration!.Environment?.Variables ?? {},
      timeoutSeconds: Configuration!.Timeout ?? 3,
      memorySize: Configuration!.MemorySize ?? 128,
      codeDir,
      handlerModule: join(codeDir, `${file}.mjs`),
      credentials: await assume(roleArn, name),
    };
  };
  const functions = Object.fromEntries(
    await Promise.all(functionNames.map(async (fn) => [fn, await read(fn)] as const)),
  ) as Record<FunctionName, DeployedFunction>;
  unpackCode(zips);
  const pipeRole = `arn:aws:iam::${motoAccount}:role/${physicalIdOf(resources, 'EventsPipeRole')}`;
  return {
    functions,
    resources,
    tableName: physicalIdOf(resources, 'Table'),
    pipeCredentials: await assume(pipeRole, 'events-pipe'),
  };
};
