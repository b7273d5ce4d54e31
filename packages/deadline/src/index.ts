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
  /**
   * Aborted at `at`: what the AWS SDK's calls carry. Made on first use: work that makes no AWS call
   * (the memory engine's) reads only the time left.
   */
  readonly signal: AbortSignal;
  /**
   * Aborted `outsideCallReserveMs` before `at`: what a call outside carries (outsideCallSignal).
   * Made on first use: most work makes no such call.
   */
  readonly outsideCall: AbortSignal;
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
 * signals are made when first read and aborted (with a `TimeoutError`, as `AbortSignal.timeout`'s)
 * by timers that the end of the work clears: an invocation's work ends long before its deadline,
 * and `AbortSignal.timeout`'s timer would outlive it, kept per request for the function's whole
 * timeout, registered for finalization, and firing for every signal not yet collected. A signal
 * first read once the work has ended is never aborted, as one read before would not be by then.
 */
export const withDeadline = async <T>(ms: number | undefined, work: () => Promise<T>): Promise<T> => {
  if (ms === undefined) return work();
  const at = Date.now() + ms;
  const timers: NodeJS.Timeout[] = [];
  let ended = false;
  const abortedAt = (when: number, message: string): AbortSignal => {
    const controller = new AbortController();
    if (ended) return controller.signal;
    const abort = () => controller.abort(new DOMException(message, 'TimeoutError'));
    // Passed already: aborted now, so that a call given it sees so before it is sent.
    if (when <= Date.now()) {
      abort();
      return controller.signal;
    }
    const timer = setTimeout(abort, when - Date.now());
    // As AbortSignal.timeout's: the deadline alone keeps no process alive.
    timer.unref();
    timers.push(timer);
    return controller.signal;
  };
  let signal: AbortSignal | undefined;
  let outsideCall: AbortSignal | undefined;
  const deadline: Deadline = {
    at,
    get signal() {
      signal ??= abortedAt(at, 'The work reached its deadline');
      return signal;
    },
    get outsideCall() {
      outsideCall ??= abortedAt(
        at - outsideCallReserveMs,
        "The call's time is up: the rest is kept to record its outcome and answer",
      );
      return outsideCall;
    },
  };
  write(deadline);
  try {
    return await work();
  } finally {
    ended = true;
    for (const timer of timers) clearTimeout(timer);
    // Unless a later invocation's took its place (outside Lambda, in one process: tests).
    if (read() === deadline) write(undefined);
  }
};

/** The deadline of the work in hand, if it has one. */
export const currentDeadline = (): Deadline | undefined => read();

/** Kept back from the time Lambda gives an invocation: enough to log and answer. */
export const answerMarginMs = 1_000;

/**
 * Kept back from the deadline when a call goes outside (the acquirer's): the time to record what
 * the call did and answer, once it is given up on. After an acquirer's call a request still
 * writes its outcome (an unknown one too: the charge unresolved, its recovery job kept; one
 * DynamoDB transaction), keeps the Idempotency-Key's answer (one UpdateItem) and answers; the
 * store's calls stop at the deadline itself, so without this the call's timeout would leave them
 * none, and a charge the acquirer may have made would answer 503 with no token.
 *
 * Why 5 s: those two writes take tens of milliseconds on DynamoDB; the SDK's retries of a failed
 * attempt (3 attempts in all, jittered waits of at most 0.1 s and 0.2 s; 0.5 s and 1 s after a
 * throttle) and the store's retries of a conflicting transaction add at most about 1.5 s to each.
 * 5 s holds both with the worst of those waits and leaves DynamoDB Local, which under the local
 * stack's load answers in seconds what AWS answers in milliseconds, room too. It does not hold
 * an attempt that hangs to the SDK's own timeout (5 s, runtime's requestTimeoutMs): DynamoDB that
 * slow answers nothing in time, and the request ends in a 503 at the deadline as any would. More
 * would be taken from the acquirer: it gets Lambda's 29 s, less answerMarginMs, less this, less
 * what the request did before (about 22.5 s).
 */
export const outsideCallReserveMs = 5_000;

/**
 * The budget of a call outside (every PaymentProcessor call: authorise, completeAuthentication,
 * capture, void, refund, resolve): the work's deadline less outsideCallReserveMs, as a signal that
 * aborts then (with a TimeoutError). A call that times out on it leaves the work the reserve to
 * record its outcome and answer before the store's calls stop at the deadline. With less than the
 * reserve left it is aborted already: the call is not sent (nothing can have been made). The same
 * signal for every outside call of the work; undefined without a deadline (tests, scripts).
 */
export const outsideCallSignal = (): AbortSignal | undefined => read()?.outsideCall;

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
