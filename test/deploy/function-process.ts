import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { DeployedFunction } from './deployed.ts';
import { killOnExit } from './kill-on-exit.ts';
import { rehearsalRegion } from './moto.ts';

const worker = fileURLToPath(new URL('./lambda-worker.mjs', import.meta.url));

export interface FunctionProcess {
  fn: DeployedFunction;
  invoke(event: unknown): Promise<unknown>;
  /** What the function logged (its stdout and stderr), for a failure's report. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The environment Lambda gives the function: what it was deployed with, the runtime's own
 * variables, and its role's credentials. Nothing of this process's environment leaks in but
 * PATH; AWS_ENDPOINT_URL points every AWS client at moto; tracing is off (no X-Ray here).
 */
const lambdaEnvironment = (fn: DeployedFunction, endpoint: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  TZ: ':UTC',
  LANG: 'en_US.UTF-8',
  ...fn.environment,
  AWS_REGION: rehearsalRegion,
  AWS_DEFAULT_REGION: rehearsalRegion,
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  AWS_LAMBDA_FUNCTION_NAME: fn.name,
  AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memorySize),
  AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.name}`,
  AWS_LAMBDA_LOG_STREAM_NAME: `rehearsal/[$LATEST]${randomUUID().replaceAll('-', '')}`,
  LAMBDA_TASK_ROOT: fn.codeDir,
  _HANDLER: 'index.handler',
  AWS_ACCESS_KEY_ID: fn.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: fn.credentials.secretAccessKey,
  AWS_SESSION_TOKEN: fn.credentials.sessionToken,
  AWS_ENDPOINT_URL: endpoint,
  // moto has no X-Ray, and no daemon takes the segments: the function's tracing is off here
  // (Powertools Tracer's own switch), as it is off in the local stack.
  POWERTOOLS_TRACE_ENABLED: 'false',
});

/** Starts the function's deployed code in a Node process of its own (this Node: the toolchain's 22). */
export const startFunctionProcess = async (
  fn: DeployedFunction,
  endpoint: string,
): Promise<FunctionProcess> => {
  const child: ChildProcess = fork(worker, [fn.handlerModule], {
    cwd: fn.codeDir,
    env: lambdaEnvironment(fn, endpoint),
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  killOnExit(child);
  let logged = '';
  const keep = (chunk: Buffer) => {
    logged = (logged + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${fn.fn} exited (${code}) at start:\n${logged}`)));
    child.on('message', (message: { ready?: true; id?: string; result?: unknown; error?: string }) => {
      if (message.ready) return resolve();
      const waiting = pending.get(message.id ?? '');
      if (!waiting) return;
      pending.delete(message.id!);
      if (message.error !== undefined) waiting.reject(new Error(`${fn.fn} threw: ${message.error}`));
      else waiting.resolve(message.result);
    });
  });
  child.on('exit', (code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`${fn.fn} exited (${code})`));
    pending.clear();
  });
  await ready;
  return {
    fn,
    invoke: (event) =>
      new Promise((resolve, reject) => {
        const id = randomUUID();
        // Lambda stops an invocation at the function's timeout; a little later, so does the rehearsal.
        const timer = setTimeout(
          () => {
            pending.delete(id);
            reject(new Error(`${fn.fn} did not answer within its ${fn.timeoutSeconds} s timeout`));
          },
          (fn.timeoutSeconds + 5) * 1000,
        );
        const settle =
          <T>(then: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            then(value);
          };
        pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
        child.send({
          id,
          event,
          context: {
            functionName: fn.name,
            functionVersion: '$LATEST',
            invokedFunctionArn: `arn:aws:lambda:${rehearsalRegion}:${fn.roleArn.split(':')[4]}:function:${fn.name}`,
            memoryLimitInMB: String(fn.memorySize),
            awsRequestId: id,
            logGroupName: `/aws/lambda/${fn.name}`,
            logStreamName: 'rehearsal',
            timeoutMs: fn.timeoutSeconds * 1000,
          },
        });
      }),
    output: () => logged,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
};
