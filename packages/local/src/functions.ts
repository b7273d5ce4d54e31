import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type FunctionName, functionEntry } from '@wattle/routes';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { localAccountId, localRegion } from './aws.ts';
import { asInvocation, invocationStore } from './invocation-store.ts';

export type ApiHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyResultV2>;

/** The repository root, from this file's place (packages/local/src). */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Where a function's handler module is: its source in this repository, unless told otherwise. */
let handlerUrl = (fn: FunctionName): string => pathToFileURL(join(repoRoot, functionEntry(fn))).href;

/**
 * Loads the functions' handlers from elsewhere: the installable package (packages/wattle) has each
 * one built into its own file beside its entry point. Set before the stack starts.
 */
export const locateHandlers = (locate: (fn: FunctionName) => string): void => {
  if (anyHandlerLoaded()) throw new Error('The handlers are located before any of them is loaded');
  handlerUrl = locate;
};

/** Where a bundle keeps its handlers: `functions/<name>.js` beside its entry point (`entryUrl`). */
export const handlersBeside =
  (entryUrl: string) =>
  (fn: FunctionName): string =>
    new URL(`./functions/${fn}.js`, entryUrl).href;

/** A function's handler module, imported once (a failed import is tried again). */
export const importHandler = <Module>(fn: FunctionName): Promise<Module> => import(handlerUrl(fn));

const loaded = new Map<FunctionName, Promise<ApiHandler>>();

const invocationEndListeners = new Set<() => void>();

/**
 * Calls `listener` as each function's invocation ends, answered or failed, whatever invoked it
 * (a request, a queue, the schedule, the clock): what it wrote is in the table by then, and the
 * DynamoDB engine's stream pipe reads it at once rather than at its next idle poll. Answers its
 * removal.
 */
export const onInvocationEnd = (listener: () => void): (() => void) => {
  invocationEndListeners.add(listener);
  return () => invocationEndListeners.delete(listener);
};

const invocationEnded = (): void => {
  for (const listener of invocationEndListeners) listener();
};

/**
 * A function's handler, imported on first use from `functions/<fn>/src/handler.ts` (so the stack's
 * environment is in place before any handler module reads it). A failed import is tried again on
 * the next request, so a handler that appears later (or is fixed) is picked up.
 */
export const loadHandler = (fn: FunctionName): Promise<ApiHandler> => {
  let handler = loaded.get(fn);
  if (!handler) {
    // The store first: a handler's module may log as it loads.
    invocationStore();
    handler = importHandler<{ handler?: unknown }>(fn).then((module) => {
      if (typeof module.handler !== 'function')
        throw new Error(`${functionEntry(fn)} exports no handler function`);
      const loadedHandler = module.handler as ApiHandler;
      // Each call an invocation of its own, as Lambda runs it (invocation-store.ts).
      return ((event, context) =>
        asInvocation(context?.awsRequestId ?? randomUUID(), () => loadedHandler(event, context)).finally(
          invocationEnded,
        )) as ApiHandler;
    });
    handler.catch(() => loaded.delete(fn));
    loaded.set(fn, handler);
  }
  return handler;
};

/** Whether any handler module has been imported in this process (they keep their clients for good). */
export const anyHandlerLoaded = (): boolean => loaded.size > 0;

/** What stays the same across a function's invocations, as in one Lambda execution environment. */
interface Environment {
  functionName: string;
  invokedFunctionArn: string;
  logGroupName: string;
  logStreamName: string;
}
const environments = new Map<FunctionName, Environment>();
const environmentOf = (fn: FunctionName): Environment => {
  let environment = environments.get(fn);
  if (!environment) {
    const functionName = `wattle-${fn}`;
    environment = {
      functionName,
      invokedFunctionArn: `arn:aws:lambda:${localRegion}:${localAccountId}:function:${functionName}`,
      logGroupName: `/aws/lambda/${functionName}`,
      // Lambda names one log stream per execution environment, not per invocation.
      logStreamName: `local/[$LATEST]${randomUUID().replaceAll('-', '')}`,
    };
    environments.set(fn, environment);
  }
  return environment;
};

const unsupported = () => {
  throw new Error('The callback-style context methods are not supported');
};

/** A Lambda context as the Node.js runtime passes it, with the function's deadline. */
export const lambdaContext = (fn: FunctionName, timeoutMs: number): Context => {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    ...environmentOf(fn),
    functionVersion: '$LATEST',
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
};
