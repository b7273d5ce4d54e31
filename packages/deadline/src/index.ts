import type { InvokeStoreBase } from '@aws/lambda-invoke-store';
import { shouldUseInvokeStore } from '@aws-lambda-powertools/commons/utils/env';

/**
 * The one deadline of the work in hand (an API request, a queue batch, a scheduler run), set where
 * the function is invoked from the time Lambda leaves it, less a margin to answer in
 * (`withInvocationDeadline`). Every retry layer stops at it: the AWS SDK's (each call's
 * `abortSignal`: boundByDeadline), the store's transaction retry (its context's `timeLeft`) and
 * the flows' read-decide-write retry (RetryPacing.timeLeft), so a slow dependency ends in an
 * answer of ours (a Pin-shaped 503) before Lambda ends the invocation with none.
 */
export interface Deadline {
  /** Epoch milliseconds at which the work gives up. */
  at: number;
  /** Aborted at `at`: what the AWS SDK's calls carry. */
  signal: AbortSignal;
}

const deadlineKey = Symbol.for('wattle.deadline');

/**
 * Where the invocation's deadline is kept: as Powertools keeps an invocation's state. Lambda runs
 * one invocation at a time in an instance, so one variable holds it, and no AsyncLocalStorage is
 * made (on Node 22 one turns on async hooks for every promise the process makes: a sixth of a
 * GetItem's CPU). In multi-concurrency mode (`AWS_LAMBDA_MAX_CONCURRENCY`: Lambda's, and the local
 * stack's, which runs many invocations in one process) it is kept in the invocation's own context
 * of AWS's InvokeStore (`awslambda.InvokeStore`), which the runtime, or the local stack, runs each
 * invocation in.
 */
let single: Deadline | undefined;
const invokeStore = (): InvokeStoreBase | undefined =>
  shouldUseInvokeStore() ? globalThis.awslambda?.InvokeStore : undefined;
const read = (): Deadline | undefined => {
  const store = invokeStore();
  return store ? store.get<Deadline>(deadlineKey) : single;
};
const write = (deadline: Deadline | undefined): void => {
  const store = invokeStore();
  if (store) store.set(deadlineKey, deadline);
  else single = deadline;
};

/**
 * Runs `work` with a deadline `ms` from now (none when `ms` is undefined: tests, scripts). The
 * signal is aborted (with a `TimeoutError`, as `AbortSignal.timeout`'s) by a timer that the end of
 * the work clears: an invocation's work ends long before its deadline, and
 * `AbortSignal.timeout`'s timer would outlive it, kept per request for the function's whole
 * timeout, registered for finalization, and firing for every signal not yet collected.
 */
export const withDeadline = async <T>(ms: number | undefined, work: () => Promise<T>): Promise<T> => {
  if (ms === undefined) return work();
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The work reached its deadline', 'TimeoutError')),
    Math.max(0, ms),
  );
  // As AbortSignal.timeout's: the deadline alone keeps no process alive.
  timer.unref();
  const deadline: Deadline = { at: Date.now() + ms, signal: controller.signal };
  write(deadline);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
    // Unless a later invocation's took its place (outside Lambda, in one process: tests).
    if (read() === deadline) write(undefined);
  }
};

/** The deadline of the work in hand, if it has one. */
export const currentDeadline = (): Deadline | undefined => read();

/** Kept back from the time Lambda gives an invocation: enough to log and answer. */
export const answerMarginMs = 1_000;

/** What Lambda's context tells of the time left (the local stack's and the tests' too). */
export interface InvocationClock {
  getRemainingTimeInMillis?: () => number;
}

/** Runs an invocation's work with the deadline its context leaves, less the answer margin. */
export const withInvocationDeadline = <T>(context: InvocationClock | undefined, work: () => Promise<T>) =>
  withDeadline(
    context?.getRemainingTimeInMillis ? context.getRemainingTimeInMillis() - answerMarginMs : undefined,
    work,
  );

/** Milliseconds left before the deadline (Infinity without one). */
export const timeLeftMs = (): number => {
  const deadline = read();
  return deadline ? deadline.at - Date.now() : Number.POSITIVE_INFINITY;
};

/** What an AWS SDK client's `send` takes: a command and options, `abortSignal` among them. */
interface Sends {
  send(command: never, options?: { abortSignal?: unknown }): Promise<unknown>;
}

/**
 * `client`, its every call carrying the deadline's signal as its `abortSignal` (unless the call
 * gives its own): the SDK then stops its retries and the request in flight at the deadline.
 */
export const boundByDeadline = <C extends Sends>(client: C): C => {
  // The class's `send`, looked up at each call (not bound once), as an unbound client's would be.
  const send = (command: unknown, options?: object): Promise<unknown> =>
    (Object.getPrototypeOf(client) as { send: (c: unknown, o?: object) => Promise<unknown> }).send.call(
      client,
      command,
      options,
    );
  const bound = (command: unknown, options?: { abortSignal?: unknown }) => {
    const deadline = read();
    if (!deadline || options?.abortSignal) return send(command, options);
    return send(command, { ...options, abortSignal: deadline.signal });
  };
  client.send = bound as unknown as C['send'];
  return client;
};
