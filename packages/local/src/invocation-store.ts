import { AsyncLocalStorage } from 'node:async_hooks';
import { InvokeStoreBase } from '@aws/lambda-invoke-store';

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
 * The mode is the process's (an environment variable, inherited by its children): a process that
 * is a local stack sets it (runStartCommand: `npm start`, `wattle start`), and so does the test run
 * whose main process hosts the shared DynamoDB stack, its forks told to run as Lambda does.
 */
export const runInvocationsApart = (): void => {
  // Set unless set to something: a test run's forks inherit its process's environment with the
  // variable emptied (vitest.config.ts), which Powertools reads as the mode off.
  if (!process.env.AWS_LAMBDA_MAX_CONCURRENCY) process.env.AWS_LAMBDA_MAX_CONCURRENCY = '10';
  // Powertools in this mode needs the store wherever it logs, from now on.
  invocationStore();
};

type Values = Record<string | symbol, unknown>;

/**
 * The InvokeStore's contract (@aws/lambda-invoke-store) on AsyncLocalStorage, as its own
 * multi-concurrency store keeps it, but for one difference: outside any invocation it reads and
 * writes one shared context, where the library's throws (in Lambda nothing runs outside one). Made
 * here rather than asked of the library (InvokeStore.getInstanceAsync), which hands out whatever
 * store the process made first: the AWS SDK asks it for the trace id on its first call, before the
 * mode is set, and gets the single-invocation store.
 */
class InvocationsApart extends InvokeStoreBase {
  private readonly invocations = new AsyncLocalStorage<Values>();
  private readonly outside: Values = {};

  getContext(): Values | undefined {
    return this.invocations.getStore();
  }

  hasContext(): boolean {
    return this.invocations.getStore() !== undefined;
  }

  get<T = unknown>(key: string | symbol): T | undefined {
    return (this.invocations.getStore() ?? this.outside)[key] as T | undefined;
  }

  set<T = unknown>(key: string | symbol, value: T): void {
    if (this.isProtectedKey(key))
      throw new Error(`Cannot modify protected Lambda context field: ${String(key)}`);
    (this.invocations.getStore() ?? this.outside)[key] = value;
  }

  run<T>(context: Values, fn: () => T): T {
    return this.invocations.run(context, fn);
  }
}

let store: InvocationsApart | undefined;

/** The process's invocation store, in the global Powertools reads (in multi-concurrency mode). */
export const invocationStore = (): InvokeStoreBase => {
  if (!store) {
    store = new InvocationsApart();
    awslambda.InvokeStore = store;
  }
  return store;
};

/** Runs `work` as the invocation `requestId`, its Powertools state its own. */
export const asInvocation = <T>(requestId: string, work: () => Promise<T>): Promise<T> =>
  invocationStore().run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, work);
