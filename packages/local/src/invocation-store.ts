import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';

/**
 * Lambda runs one invocation at a time in an instance; the local stack runs every function in one
 * process, many invocations at once (the gateway's requests, up to ten delivery batches). Powertools
 * keeps per-invocation state in module-level objects: the Logger's appended keys (a request's route
 * and account showed on another request's lines) and the batch processor's records and failures (two
 * delivery batches at once could each answer the other's failures, and a failed message be deleted).
 * Lambda's multi-concurrency mode is the standard answer: with `AWS_LAMBDA_MAX_CONCURRENCY` set,
 * Powertools keeps that state in the InvokeStore (AWS's @aws/lambda-invoke-store, on
 * AsyncLocalStorage), and each invocation runs in a context of its own, as the Lambda runtime does.
 *
 * Unlike Lambda's runtime, the local stack also runs code outside any invocation (a handler's module
 * loaded ahead of its first call, the local stack's own work): there the store reads and writes one
 * shared context, as Powertools does when the mode is off, instead of throwing.
 *
 * The mode is the process's (an environment variable, inherited by its children): only a process
 * that is a local stack sets it (runStartCommand: `npm start`, `wattle start`), not a test run that
 * hosts one among other work, whose other processes run functions as Lambda does, one at a time.
 */
export const runInvocationsApart = (): void => {
  process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '10';
};

let store: Promise<InvokeStoreBase> | undefined;

/** The process's invocation store, made on first use (Powertools reads it in multi-concurrency mode). */
export const invocationStore = (): Promise<InvokeStoreBase> => {
  store ??= (async () => {
    const multi = await InvokeStore.getInstanceAsync(true);
    const outside: Record<string | symbol, unknown> = {};
    const tolerant: InvokeStoreBase = Object.create(multi);
    tolerant.get = <T>(key: string | symbol) =>
      multi.hasContext() ? multi.get<T>(key) : (outside[key] as T);
    tolerant.set = <T>(key: string | symbol, value: T) => {
      if (multi.hasContext()) multi.set(key, value);
      else outside[key] = value;
    };
    awslambda.InvokeStore = tolerant;
    return tolerant;
  })();
  return store;
};

/** Runs `work` as the invocation `requestId`, its Powertools state its own. */
export const asInvocation = async <T>(requestId: string, work: () => Promise<T>): Promise<T> =>
  (await invocationStore()).run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, work);
